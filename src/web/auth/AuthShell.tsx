import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useBrand } from '../brand/brand.ts';
import { brandLoginCover } from '../brand/brand-config.ts';
import { applyStorageChoice } from '../brand/start-up.ts';
import './auth.css';
import { AuthNavContext, type AuthLocationState, type SlideDirection } from './auth-nav.ts';
import { ANIMATION_MS, pingServer, UNAVAILABLE } from './session-flow.ts';
import { Spinner } from './spinner.tsx';

function Cover() {
  const { data: brand } = useBrand();
  const cover = brandLoginCover(brand);
  if (cover.iframe) {
    return (
      <aside className="auth-cover" data-testid="auth-cover">
        <iframe src={cover.iframe} title={brand?.title ?? 'Capa'} />
      </aside>
    );
  }
  if (cover.html) {
    // Written by the brand's own administrators in its configuration.
    return (
      <aside className="auth-cover" data-testid="auth-cover">
        <div className="auth-cover-html" dangerouslySetInnerHTML={{ __html: cover.html }} />
      </aside>
    );
  }
  return (
    <aside
      className={`auth-cover${cover.image ? ' auth-cover--image' : ''}`}
      data-testid="auth-cover"
      style={cover.image ? { backgroundImage: `url("${cover.image.replace(/"/g, '%22')}")` } : undefined}
    >
      <span className="auth-cover-shape" style={{ width: 420, height: 420, top: -120, right: -100 }} />
      <span className="auth-cover-shape" style={{ width: 260, height: 260, top: 180, left: -80 }} />
      <div className="auth-cover-text">
        <h2>{brand?.title ?? 'Retaguarda'}</h2>
        <p>Finanças, vendas, estoque e notas fiscais da sua empresa em um só lugar.</p>
      </div>
    </aside>
  );
}

/**
 * SPEC 2.3 auth shell: the cover (image, configured frame or HTML block) beside the form area. On entry it
 * pings the API; a failure goes to sistema-indisponivel. Screens slide in and out when navigating. `bare`
 * (the top-level #/cadastrar, usually framed in the brand's site) drops the cover.
 */
export function AuthShell({ bare = false }: { bare?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [leaving, setLeaving] = useState<SlideDirection | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    applyStorageChoice();
    let alive = true;
    pingServer().catch(() => {
      if (alive) navigate(UNAVAILABLE, { replace: true });
    });
    return () => {
      alive = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [navigate]);

  const slide = useCallback(
    (to: string, direction: SlideDirection = 'forward') => {
      setLeaving(direction);
      timer.current = setTimeout(() => {
        setLeaving(null);
        navigate(to, { state: { enter: direction === 'forward' ? 'right' : 'left' } satisfies AuthLocationState });
      }, ANIMATION_MS);
    },
    [navigate],
  );

  const enter = (location.state as AuthLocationState | null)?.enter === 'left' ? 'slideInLeft' : 'slideInRight';
  const animation = leaving ? (leaving === 'forward' ? 'slideOutLeft' : 'slideOutRight') : enter;

  return (
    <AuthNavContext.Provider value={slide}>
      <div className={`auth-shell${bare ? ' auth-shell--bare' : ''}`}>
        {bare ? null : <Cover />}
        <main className="auth-main">
          <div key={location.pathname} className={`auth-screen ${animation}`} data-animation={animation}>
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </AuthNavContext.Provider>
  );
}

export default AuthShell;
