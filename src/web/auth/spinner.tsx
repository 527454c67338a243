import './auth.css';

// Apart from the other controls (ui.tsx): the auth shell and the small app's loading state need only this,
// and the whole app carries the auth shell.

/** antd's spinner (four dots turning), in the brand's colour. */
export function Spinner({ large = false }: { large?: boolean }) {
  return (
    <div className={`auth-spin${large ? ' auth-spin--lg' : ''}`} aria-live="polite" aria-busy="true">
      <span className="auth-spin-dot">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
