/**
 * npm run bench:nfse — NFS-e of the national standard issued through the issuing service (emitirNfse: transaction 1
 * takes the DPS number, builds, signs, checks DPS_v1.00.xsd and keeps the note 'transmitindo'; POST /nfse over mTLS
 * to the local ADN with no transaction open; transaction 2 stores the XML and records the note), on PGlite,
 * server-side, as faturar runs it. BENCH_NOTAS changes how many (default 40).
 */
import { emitirNfse } from '../../src/server/nfse/transmissao.ts';
import { pararAdnLocal } from '../../src/server/nfse/adn-cliente.ts';
import { demoEmProcesso } from './demo-em-processo.ts';

const N = Number(process.env.BENCH_NOTAS ?? 40);
const { db, app, services, ctx } = await demoEmProcesso('bench-nfse');
const cliente = Number((await db.query(`SELECT id FROM pessoas WHERE tenant_id = $1 AND tipo = 0 AND ativo AND length(regexp_replace(coalesce(cpf_cnpj, ''), '\\D', '', 'g')) IN (11, 14) ORDER BY id LIMIT 1`, [ctx.tenantId])).rows[0].id);
const servico = Number((await db.query(`SELECT id FROM produtos WHERE tenant_id = $1 AND servico AND codigo_tributacao_nacional IS NOT NULL ORDER BY id LIMIT 1`, [ctx.tenantId])).rows[0].id);

const tempos: number[] = [];
for (let i = 0; i < N + 3; i++) {
  const t0 = performance.now();
  await emitirNfse(services, ctx, { pedidoId: null, clienteId: cliente, linhas: [{ servicoId: servico, valor: '250.00' }] });
  const t = performance.now() - t0;
  if (i >= 3) tempos.push(t); // the first ones open the certificate, compile the XSD and start the local ADN
}
tempos.sort((a, b) => a - b);
const pct = (p: number) => tempos[Math.min(tempos.length - 1, Math.floor((tempos.length * p) / 100))].toFixed(1);
console.log(`NFS-e (DPS 1.00) emitida no ADN local (PGlite), ${N} notas: p50 ${pct(50)} ms, p95 ${pct(95)} ms`);
await app.close();
await pararAdnLocal();
await db.close();
