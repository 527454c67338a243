import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppServices } from '../../app-services.ts';
import type { Queryable } from '../../db/db.ts';
import { badRequest } from '../../http/errors.ts';
import { tenantKey } from '../../storage/storage.ts';
import { CertificadoError, lerCertificadoA1, type CertificadoA1 } from '../certificado.ts';
import { cifrar, decifrar } from '../../cifra.ts';
import { aoEsquecerEstado } from '../../estado-do-processo.ts';
import { documentoFiscal } from '../../../shared/cpf-cnpj.ts';

type Row = Record<string, any>;

/** What any API may show of a certificate: never the file, the key or the password. */
export interface ResumoCertificado {
  id: number;
  titular: string;
  subject: string;
  emissor: string;
  cnpj: string | null;
  numeroSerie: string;
  validoDesde: string;
  validoAte: string;
  diasParaVencer: number;
  vencido: boolean;
}

export const SEM_CERTIFICADO = 'A filial não tem certificado digital: envie o arquivo A1 (.pfx) em Configurações > Fiscal > Certificado digital.';
const DIA = 86_400_000;
/** Days before expiry when the account's administrators are warned (SPEC 4 alerts). */
export const AVISOS_VENCIMENTO = [30, 15, 7] as const;

export function resumo(r: Row, agora = Date.now()): ResumoCertificado {
  const ate = new Date(r.valido_ate);
  return {
    id: Number(r.id),
    titular: r.titular,
    subject: r.subject,
    emissor: r.emissor,
    cnpj: r.cnpj,
    numeroSerie: r.numero_serie,
    validoDesde: new Date(r.valido_desde).toISOString(),
    validoAte: ate.toISOString(),
    diasParaVencer: Math.floor((ate.getTime() - agora) / DIA),
    vencido: ate.getTime() < agora,
  };
}

export async function paraBuffer(s: Readable): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const c of s) partes.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(partes);
}

export async function certificadoAtivo(q: Queryable, tenantId: number, filialId: number): Promise<Row | null> {
  const r = await q.query(`SELECT * FROM certificados_digitais WHERE tenant_id = $1 AND filial_id = $2 AND ativo`, [tenantId, filialId]);
  return r.rows[0] ?? null;
}

/**
 * Checks and stores a branch's A1: opens it with the password (a wrong one is a 400), refuses an expired one and
 * one whose CNPJ root (8 digits) is not the branch's; the .pfx goes encrypted to the file storage and the password
 * encrypted to the database, in the caller's transaction (the previous certificate stops being the active one).
 */
export async function gravarCertificado(services: Pick<AppServices, 'storage'>, q: Queryable, ctx: { tenantId: number; userId?: number }, filialId: number, pfx: Buffer, senha: string, agora = Date.now()): Promise<ResumoCertificado> {
  if (!pfx.length) throw badRequest('Arquivo: envie o certificado A1 (.pfx ou .p12).', [{ campo: 'arquivo', mensagem: 'Campo Obrigatório!' }]);
  if (typeof senha !== 'string' || !senha) throw badRequest('Senha: informe a senha do certificado.', [{ campo: 'senha', mensagem: 'Campo Obrigatório!' }]);
  let c: CertificadoA1;
  try {
    c = lerCertificadoA1(pfx, senha);
  } catch (e) {
    if (e instanceof CertificadoError) throw badRequest(e.message, [{ campo: /Senha/.test(e.message) ? 'senha' : 'arquivo', mensagem: e.message }]);
    throw e;
  }
  if (c.validoAte.getTime() < agora) {
    throw badRequest(`O certificado de ${c.titular} venceu em ${c.validoAte.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}: envie um certificado válido.`, [{ campo: 'arquivo', mensagem: 'Certificado vencido' }]);
  }
  const f = await q.query<{ cpf_cnpj: string; apelido: string | null; nome: string }>(`SELECT cpf_cnpj, apelido, nome FROM branches WHERE tenant_id = $1 AND id = $2`, [ctx.tenantId, filialId]);
  const filial = f.rows[0];
  if (!filial) throw badRequest('Filial não encontrada.');
  const raizFilial = documentoFiscal(filial.cpf_cnpj).slice(0, 8);
  const raizCert = (c.cnpj ?? '').slice(0, 8);
  if (!c.cnpj || raizCert !== raizFilial) {
    throw badRequest(
      `O certificado é do CNPJ ${c.cnpj ? formatarCnpj(c.cnpj) : '(sem CNPJ)'}, de outra empresa que a filial ${filial.apelido ?? filial.nome} (CNPJ ${formatarCnpj(documentoFiscal(filial.cpf_cnpj))}): envie o certificado da própria empresa.`,
      [{ campo: 'arquivo', mensagem: 'CNPJ do certificado difere do da filial' }],
    );
  }
  const chave = tenantKey(ctx.tenantId, 'certificados', `${filialId}-${randomUUID()}.pfx.aes`);
  await services.storage.put(chave, cifrar(pfx), { contentType: 'application/octet-stream' });
  await q.query(`UPDATE certificados_digitais SET ativo = false, updated_at = now() WHERE tenant_id = $1 AND filial_id = $2 AND ativo`, [ctx.tenantId, filialId]);
  const r = await q.query(
    `INSERT INTO certificados_digitais (tenant_id, filial_id, arquivo, senha_cifrada, titular, subject, emissor, cnpj, numero_serie, valido_desde, valido_ate, usuario_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
    [ctx.tenantId, filialId, chave, cifrar(Buffer.from(senha, 'utf8')).toString('base64'), c.titular, c.subject, c.emissor, c.cnpj, c.numeroSerie, c.validoDesde, c.validoAte, ctx.userId ?? null],
  );
  return resumo(r.rows[0], agora);
}

/** Opens the branch's active A1 for signing and TLS: 400 in Portuguese when there is none or it expired. */
export async function abrirCertificado(services: Pick<AppServices, 'storage'>, q: Queryable, tenantId: number, filialId: number, agora = Date.now()): Promise<CertificadoA1> {
  const row = await certificadoAtivo(q, tenantId, filialId);
  if (!row) throw badRequest(SEM_CERTIFICADO, [{ campo: 'certificado', mensagem: 'Sem certificado digital' }]);
  if (new Date(row.valido_ate).getTime() < agora) {
    throw badRequest(`O certificado digital de ${row.titular} venceu em ${new Date(row.valido_ate).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}: envie o novo certificado antes de emitir.`, [{ campo: 'certificado', mensagem: 'Certificado vencido' }]);
  }
  // The branch's CNPJ may have changed after the upload: SEFAZ would refuse the note (213) after numbering it.
  const f = (await q.query<{ cpf_cnpj: string; apelido: string | null; nome: string }>(`SELECT cpf_cnpj, apelido, nome FROM branches WHERE tenant_id = $1 AND id = $2`, [tenantId, filialId])).rows[0];
  const raizFilial = documentoFiscal(f?.cpf_cnpj);
  if (f && row.cnpj && raizFilial.slice(0, 8) !== String(row.cnpj).slice(0, 8)) {
    throw badRequest(
      `O certificado digital em uso é do CNPJ ${formatarCnpj(row.cnpj)}, de outra empresa que a filial ${f.apelido ?? f.nome} (CNPJ ${formatarCnpj(raizFilial)}): envie o certificado da própria empresa antes de emitir.`,
      [{ campo: 'certificado', mensagem: 'CNPJ do certificado difere do da filial' }],
    );
  }
  const chave = `${tenantId}|${row.id}|${row.arquivo}`;
  const pronto = abertos.get(chave);
  if (pronto) return pronto;
  const arquivo = await services.storage.get(row.arquivo);
  if (!arquivo) throw badRequest('O arquivo do certificado digital não foi encontrado no armazenamento: envie o certificado de novo.');
  const pfx = decifrar(await paraBuffer(arquivo));
  const senha = decifrar(Buffer.from(row.senha_cifrada, 'base64')).toString('utf8');
  const c = lerCertificadoA1(pfx, senha);
  // Opening a PKCS#12 (3DES and RSA in JavaScript) costs more than the rest of an issue: keep the few in use.
  if (abertos.size >= 50) abertos.delete(abertos.keys().next().value!);
  abertos.set(chave, c);
  return c;
}

/** Certificates opened by this process, by account, row and file (a new upload is a new row). */
const abertos = new Map<string, CertificadoA1>();
aoEsquecerEstado(() => abertos.clear());

/**
 * Warns the account's administrators 30, 15 and 7 days before a certificate expires (once per threshold), through
 * the alerts of SPEC 4. Runs over every account (owner connection) when tenantId is not given.
 */
export async function alertarVencimentos(services: Pick<AppServices, 'db' | 'realtime'>, agora = Date.now()): Promise<number> {
  const r = await services.db.query<Row>(
    `SELECT c.tenant_id, c.id, c.titular, c.valido_ate, c.alertas_enviados, b.apelido, b.nome FROM certificados_digitais c
       JOIN branches b ON b.tenant_id = c.tenant_id AND b.id = c.filial_id
      WHERE c.ativo AND c.valido_ate > $1 AND c.valido_ate <= $2`,
    [new Date(agora), new Date(agora + AVISOS_VENCIMENTO[0] * DIA)],
  );
  let n = 0;
  for (const c of r.rows) {
    const dias = Math.floor((new Date(c.valido_ate).getTime() - agora) / DIA);
    const marco = [...AVISOS_VENCIMENTO].reverse().find((m) => dias <= m)!;
    if ((c.alertas_enviados as number[]).some((m) => Number(m) <= marco)) continue;
    const data = new Date(c.valido_ate).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    const texto = `O certificado digital da filial ${c.apelido ?? c.nome} (${c.titular}) vence em ${data} (${dias} dia${dias === 1 ? '' : 's'}). Envie o novo certificado para continuar emitindo notas.`;
    const ins = await services.db.query<Row>(
      `INSERT INTO alertas (tenant_id, user_id, tipo, texto, link, permite_excluir)
       SELECT u.tenant_id, u.id, 'warning', $2, 'pages/fiscais/certificado-digital', true FROM users u WHERE u.tenant_id = $1 AND u.ativo AND u.perfil_admin
       RETURNING user_id, id, tipo, texto, data, link, permite_excluir AS "permiteExcluir", lido`,
      [c.tenant_id, texto],
    );
    await services.db.query(`UPDATE certificados_digitais SET alertas_enviados = array_append(alertas_enviados, $3) WHERE tenant_id = $1 AND id = $2`, [c.tenant_id, c.id, marco]);
    for (const { user_id, ...alerta } of ins.rows) services.realtime?.toUser(c.tenant_id, user_id, 'alerta', alerta);
    n++;
  }
  return n;
}

export const formatarCnpj = (c: string) => c.replace(/^([0-9A-Z]{2})([0-9A-Z]{3})([0-9A-Z]{3})([0-9A-Z]{4})(\d{2})$/, '$1.$2.$3/$4-$5');
