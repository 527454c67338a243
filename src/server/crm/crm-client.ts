/**
 * External CRM lead after a sign-up (SPEC 7.8): find the contact by e-mail (phones expanded), else create it
 * (TypeId company 1 or person 2, Phones with CountryId 76), then the deal and the task. The token travels in
 * the User-Key header. Every failure is logged and ignored: a sign-up never fails because of the CRM.
 */
export const CRM_COUNTRY_BRAZIL = 76;
export const CRM_TYPE_COMPANY = 1;
export const CRM_TYPE_PERSON = 2;

export interface CrmLead {
  nome: string;
  empresa?: string | null;
  email: string;
  telefone?: string | null;
}

export interface CrmSettings {
  baseUrl: string;
  token: string;
  stageId: number | string;
}

type Fetch = typeof fetch;

export async function createCrmLead(settings: CrmSettings, lead: CrmLead, log: (msg: string, err?: unknown) => void, fetchImpl: Fetch = fetch): Promise<boolean> {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const headers = { 'User-Key': settings.token, 'Content-Type': 'application/json', Accept: 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetchImpl(`${base}/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
    if (!r.ok) throw new Error(`CRM ${method} ${path}: HTTP ${r.status}`);
    const json = (await r.json()) as { value?: any[] };
    return json.value ?? [];
  };
  try {
    const filter = encodeURIComponent(`Email eq '${lead.email.replace(/'/g, "''")}'`);
    let contact = (await call('GET', `Contacts?$filter=${filter}&$expand=Phones`))[0];
    if (!contact) {
      const phone = (lead.telefone ?? '').replace(/\D/g, '');
      contact = (
        await call('POST', 'Contacts', {
          Name: lead.empresa || lead.nome,
          TypeId: lead.empresa ? CRM_TYPE_COMPANY : CRM_TYPE_PERSON,
          Email: lead.email,
          Phones: phone ? [{ PhoneNumber: phone, CountryId: CRM_COUNTRY_BRAZIL }] : [],
        })
      )[0];
    }
    if (!contact?.Id) throw new Error('CRM não devolveu o contato');
    const title = `Cadastro no sistema: ${lead.empresa || lead.nome}`;
    const deal = (await call('POST', 'Deals', { StageId: Number(settings.stageId), ContactId: contact.Id, Title: title, Email: lead.email }))[0];
    if (!deal?.Id) throw new Error('CRM não devolveu a negociação');
    await call('POST', 'Tasks', { Title: 'Contatar novo cadastro', Description: `${lead.nome} <${lead.email}> ${lead.telefone ?? ''}`.trim(), DealId: deal.Id, NoTime: true });
    return true;
  } catch (err) {
    log('falha ao criar lead no CRM (ignorada)', err);
    return false;
  }
}
