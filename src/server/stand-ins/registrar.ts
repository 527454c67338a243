import { registrarSefazLocal } from '../fiscal/sefaz-destino.ts';
import { registrarAdnLocal } from '../nfse/adn-cliente.ts';
import { registrarBillingProviderPadrao } from '../planos/assinatura-routes.ts';
import { SefazLocal } from './sefaz-local.ts';
import { AdnLocal } from './adn-local.ts';
import { LocalBillingProvider } from './cobranca-local.ts';

/**
 * Hands the stand-ins of the parties unreachable from here to the real clients that talk to them: the local SEFAZ
 * (SEFAZ_DESTINO=local), the local ADN (NFSE_DESTINO=local) and the local billing provider. Called by buildApp
 * (app.ts) and by the test support for tests that use the clients without a server; the client modules import no
 * stand-in, so production code depends on none.
 */
export function registrarStandIns(): void {
  registrarSefazLocal((o) => new SefazLocal(o));
  registrarAdnLocal((o) => new AdnLocal(o));
  registrarBillingProviderPadrao(() => new LocalBillingProvider());
}
