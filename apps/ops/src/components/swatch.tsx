/** A colour as a small square and its hex code. */
export function Swatch({ colour }: { colour: string }) {
  return (
    <span className="swatch">
      <span className="swatch-chip" style={{ background: colour }} aria-hidden="true" />
      <code>{colour}</code>
    </span>
  );
}
