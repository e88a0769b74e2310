import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('simulator');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <p>Hiram host simulator: coming up.</p>
    </StrictMode>,
  );
}
