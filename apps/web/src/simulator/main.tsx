import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SimulatorApp } from './simulator-app.tsx';
import './simulator.css';

const root = document.getElementById('simulator');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <SimulatorApp />
    </StrictMode>,
  );
}
