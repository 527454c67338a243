import { describe, expect, it } from 'vitest';
import {
  accountantKeys,
  daysLeft,
  expandedKeys,
  filterMenu,
  findRoute,
  flattenMenu,
  isLongTrial,
  planState,
  routeAccess,
  routeRequirements,
  type MenuContext,
  type MenuItemDoc,
  type RouteDoc,
} from '../../../src/shared/menu-filter.ts';
import { loadMenus, loadRoutes } from '../../../src/server/catalog/documents.ts';

// The menus and routes as the shell reads them: schemas/menus and schemas/routes plus what each resource document adds.
const { main: MAIN, settings: SETTINGS, user: USER, admin: ADMIN } = loadMenus();
const ROUTES: RouteDoc[] = loadRoutes();

const admin = { perfilAdmin: true };
const keysOf = (items: MenuItemDoc[]) => flattenMenu(items).map((i) => i.key);
const TODAY = new Date(2025, 5, 10);
// Everything switched on, so each test removes exactly one condition.
const full: MenuContext = {
  user: { ...admin, master: true, isAvanco: true },
  branch: { contratoId: 'C-1', trial: false, bloqueada: false, dataVencimento: '2025-07-10' },
  modules: [],
  boletoConfig: true,
  depositos: 2,
  urlPdv: 'https://pdv.example/setup.exe',
  billingIntegration: true,
  planoModulos: [{ id: 1 }],
  today: TODAY,
};

describe('menu filter (SPEC 6)', () => {
  it('no user info sees nothing', () => {
    expect(filterMenu(MAIN, { ...full, user: null })).toEqual([]);
  });

  it('everything on shows every item of every menu', () => {
    // ... but 'Trocar de conta', which is the accountant's only (issue 37).
    for (const m of [MAIN, SETTINGS, USER, ADMIN]) expect(keysOf(filterMenu(m, full))).toEqual(keysOf(m).filter((k) => k !== 'USUARIO_TROCARDECONTA'));
  });

  it('an item is hidden when the user lacks view on its key; view alone is enough', () => {
    const vendedor = { permissoes: { 'app.cliente': 1, 'app.produto': 1 } };
    const keys = keysOf(filterMenu(MAIN, { ...full, user: vendedor }));
    expect(keys).toContain('VENDAS_CLIENTES');
    expect(keys).toContain('ESTOQUE_PRODUTOS');
    expect(keys).not.toContain('VENDAS_VENDEDORES');
    expect(keys).not.toContain('FINANCEIRO_DESPESAS');
    // Groups left empty are removed; Dashboard and the key-less Assinatura items stay.
    expect(keys).not.toContain('FINANCEIRO');
    expect(keys).not.toContain('COMPRAS');
    expect(keys).toEqual(['DASHBOARD', 'VENDAS', 'VENDAS_CLIENTES', 'ESTOQUE', 'ESTOQUE_PRODUTOS', 'ESTOQUE_SERVICOS', 'ESTOQUE_UNIDADES', 'ESTOQUE_VARIACOES', 'NFSE', 'NFSE_SERVICOS', 'ASSINATURA', 'ASSINATURA_POLITICAPRIVACIDADE', 'ASSINATURA_TERMOSUSO']);
    expect(keysOf(filterMenu(MAIN, { ...full, user: { permissoes: { 'app.cliente': 0 } } }))).not.toContain('VENDAS_CLIENTES');
  });

  it('the accountant sees only fiscal exports, fiscal configuration (with the plan of accounts), my account, switch branch and sign out', () => {
    const ctx = { ...full, user: { isContador: true } };
    // Contábil > Contadores: the accountant's panel of client shops (issue 37).
    expect(keysOf(filterMenu(MAIN, ctx))).toEqual(['EXPORTACOES', 'EXPORTACOES_XMLNFE', 'EXPORTACOES_SPED', 'EXPORTACOES_SINTEGRA', 'CONTABIL', 'CONTABIL_CONTADORES']);
    const settings = keysOf(filterMenu(SETTINGS, ctx));
    expect(settings[0]).toBe('CONFIG_FISCAL');
    expect(settings).toContain('CONFIG_FISCAL_CONTACONTABILSPED');
    expect(settings.every((k) => k.startsWith('CONFIG_FISCAL'))).toBe(true);
    // 'Trocar de conta' (issue 37): the accountant moves between his client accounts.
    expect(keysOf(filterMenu(USER, ctx))).toEqual(['USUARIO_TROCARDEFILIAL', 'USUARIO_TROCARDECONTA', 'USUARIO_MINHACONTA', 'USUARIO_SAIR']);
    expect(keysOf(filterMenu(USER, { ...full, user: { isContador: true, perfilAdmin: true } }))).not.toContain('USUARIO_TROCARDECONTA');
    expect(filterMenu(ADMIN, ctx)).toEqual([]);
  });

  it('an accountant who also holds the administrator profile is not limited', () => {
    expect(keysOf(filterMenu(MAIN, { ...full, user: { isContador: true, perfilAdmin: true } }))).toContain('VENDAS_CLIENTES');
  });

  it('neither master nor isAvanco loses Administrador, white-label finance and admin help', () => {
    const ctx = { ...full, user: admin };
    expect(keysOf(filterMenu(SETTINGS, ctx))).not.toContain('CONFIG_ADMINISTRADOR');
    const keys = keysOf(filterMenu(ADMIN, ctx));
    expect(keys).not.toContain('CONFIG_ADMINISTRADOR_FINANCEIROWHITELABEL');
    expect(keys).not.toContain('CONFIG_ADMINISTRADOR_AJUDA');
    expect(keys).toContain('CONFIG_ADMINISTRADOR_WHITELABEL');
  });

  it('master without isAvanco keeps the administrator menus but loses IBPT, sequence, banks, deletions and PDV version', () => {
    const ctx = { ...full, user: { ...admin, master: true } };
    expect(keysOf(filterMenu(SETTINGS, ctx))).toContain('CONFIG_ADMINISTRADOR');
    const keys = keysOf(filterMenu(ADMIN, ctx));
    expect(keys).toContain('CONFIG_ADMINISTRADOR_FINANCEIROWHITELABEL');
    for (const k of ['IMPORTACAOIBPTNCM', 'IMPORTACAOIBPTCEST', 'SEQUENCIAFILIAL', 'BANCOS', 'EXCLUIRPRODUTOS', 'EXCLUIRFILIAL', 'PDVVERSAO']) expect(keys).not.toContain(`CONFIG_ADMINISTRADOR_${k}`);
  });

  it('boleto and deposit-payment menus need a boleto configuration (the empty group goes too)', () => {
    const main = keysOf(filterMenu(MAIN, { ...full, boletoConfig: false }));
    expect(main).not.toContain('PAGAMENTOS_BOLETOS');
    expect(main).not.toContain('PAGAMENTOS_EXTRATOS');
    expect(main).not.toContain('PAGAMENTOS');
    const settings = keysOf(filterMenu(SETTINGS, { ...full, boletoConfig: false }));
    expect(settings).not.toContain('CONFIG_PAGAMENTO_ATUALIZARTRANSACOES');
    expect(settings).toContain('CONFIG_PAGAMENTO_GATEWAYBOLETO');
  });

  it('stock transfer needs at least 2 stock locations', () => {
    expect(keysOf(filterMenu(MAIN, { ...full, depositos: 1 }))).not.toContain('ESTOQUE_TRANSFERENCIA');
    expect(keysOf(filterMenu(MAIN, { ...full, depositos: undefined }))).not.toContain('ESTOQUE_TRANSFERENCIA');
    expect(keysOf(filterMenu(MAIN, { ...full, depositos: 2 }))).toContain('ESTOQUE_TRANSFERENCIA');
  });

  it('inactive modules hide their menus, by module id or by the keys the module owns', () => {
    const byId = keysOf(filterMenu(MAIN, { ...full, modules: [{ id: 'financeiro', ativo: false }, { id: 'vendas', ativo: true }] }));
    expect(byId).not.toContain('FINANCEIRO');
    expect(byId).not.toContain('FINANCEIRO_DESPESAS');
    expect(byId).toContain('VENDAS_CLIENTES');
    expect(keysOf(filterMenu(SETTINGS, { ...full, modules: [{ id: 'financeiro', ativo: false }] }))).not.toContain('CONFIG_FINANCEIRO');
    const byKey = keysOf(filterMenu(MAIN, { ...full, modules: [{ id: 'extra', ativo: false, menus: ['VENDAS_PROMOCAO'] }] }));
    expect(byKey).not.toContain('VENDAS_PROMOCAO');
    expect(byKey).toContain('VENDAS_CLIENTES');
  });

  it('customer area needs a contract id, the billing integration and a non-trial branch', () => {
    expect(keysOf(filterMenu(MAIN, full))).toContain('ASSINATURA_AREACLIENTE');
    expect(keysOf(filterMenu(MAIN, { ...full, branch: { ...full.branch, contratoId: null } }))).not.toContain('ASSINATURA_AREACLIENTE');
    expect(keysOf(filterMenu(MAIN, { ...full, billingIntegration: false }))).not.toContain('ASSINATURA_AREACLIENTE');
    expect(keysOf(filterMenu(MAIN, { ...full, branch: { ...full.branch, trial: true } }))).not.toContain('ASSINATURA_AREACLIENTE');
  });

  it('plans and modules are hidden for a trial with more than 999 days left; exactly 999 still shows them', () => {
    const due = (days: number) => new Date(Date.UTC(2025, 5, 10 + days)).toISOString().slice(0, 10);
    const long = keysOf(filterMenu(MAIN, { ...full, branch: { trial: true, dataVencimento: due(1000) } }));
    expect(long).not.toContain('ASSINATURA_PLANOS');
    expect(long).not.toContain('ASSINATURA_MODULOS');
    const edge = keysOf(filterMenu(MAIN, { ...full, branch: { trial: true, dataVencimento: due(999) } }));
    expect(edge).toContain('ASSINATURA_PLANOS');
    expect(edge).toContain('ASSINATURA_MODULOS');
    // Not a trial: the due date does not matter.
    expect(keysOf(filterMenu(MAIN, { ...full, branch: { trial: false, dataVencimento: due(5000) } }))).toContain('ASSINATURA_PLANOS');
  });

  it('plans-modules is hidden when the brand provides none', () => {
    expect(keysOf(filterMenu(MAIN, { ...full, planoModulos: [] }))).not.toContain('ASSINATURA_MODULOS');
    expect(keysOf(filterMenu(MAIN, { ...full, planoModulos: null }))).not.toContain('ASSINATURA_MODULOS');
    expect(keysOf(filterMenu(MAIN, { ...full, planoModulos: [] }))).toContain('ASSINATURA_PLANOS');
  });

  it('the PDV download entry needs a PDV URL', () => {
    expect(keysOf(filterMenu(SETTINGS, { ...full, urlPdv: null }))).not.toContain('CONFIG_DOWNLOADPDV');
    expect(keysOf(filterMenu(SETTINGS, full))).toContain('CONFIG_DOWNLOADPDV');
  });

  it("'Assinatura' is expanded by default and holds only action items", () => {
    const visible = filterMenu(MAIN, full);
    expect(expandedKeys(visible)).toEqual(['ASSINATURA']);
    const assinatura = visible.find((i) => i.key === 'ASSINATURA')!;
    expect(assinatura.children!.every((c) => c.action && !c.link)).toBe(true);
  });

  it('does not change the documents it filters', () => {
    const before = JSON.stringify(MAIN);
    filterMenu(MAIN, { ...full, user: { permissoes: {} } });
    expect(JSON.stringify(MAIN)).toBe(before);
  });
});

describe('plan state and the 999-day rule', () => {
  it('maps trial and blocked to the three states', () => {
    expect(planState({ trial: true, bloqueada: false })).toBe('trial');
    expect(planState({ trial: true, bloqueada: true })).toBe('trialExpirado');
    expect(planState({ trial: false, bloqueada: true })).toBe('inadimplente');
    expect(planState({ trial: false, bloqueada: false })).toBe('ativo');
  });

  it('counts whole days to the due date', () => {
    expect(daysLeft({ dataVencimento: '2025-06-11' }, TODAY)).toBe(1);
    expect(daysLeft({ dataVencimento: '2025-06-09' }, TODAY)).toBe(-1);
    expect(daysLeft({}, TODAY)).toBeNull();
    expect(isLongTrial({ trial: true }, TODAY)).toBe(false);
  });
});

describe('route guard (SPEC 6, 2.9)', () => {
  const opts = { accountantKeys: accountantKeys([MAIN, SETTINGS, USER, ADMIN]), accountantHome: 'pages/nfe/exportar-xml-nfe' };
  const vendedor = { permissoes: { 'app.cliente': 1, 'app.produto': 1 } };

  it('matches exact paths before parameter paths and ignores the query string', () => {
    expect(findRoute(ROUTES, 'pages/vendas/clientes/editar/12')?.path).toBe('pages/vendas/clientes/editar/:id');
    expect(findRoute(ROUTES, '/pages/vendas/pedido-vendas/cadastrar/servico')?.path).toBe('pages/vendas/pedido-vendas/cadastrar/servico');
    expect(findRoute(ROUTES, 'pages/vendas/clientes?page=2')?.path).toBe('pages/vendas/clientes');
  });

  it('needs the route key at the route level', () => {
    expect(routeAccess(ROUTES, 'pages/vendas/clientes', vendedor, opts)).toEqual({ allowed: true });
    expect(routeAccess(ROUTES, 'pages/vendas/clientes/cadastrar', vendedor, opts)).toEqual({ allowed: false });
    expect(routeAccess(ROUTES, 'pages/compras/fornecedores', vendedor, opts)).toEqual({ allowed: false });
    expect(routeAccess(ROUTES, 'pages/vendas/clientes/cadastrar', { permissoes: { 'app.cliente': 3 } }, opts)).toEqual({ allowed: true });
    expect(routeAccess(ROUTES, 'pages/dashboard', vendedor, opts)).toEqual({ allowed: true });
    expect(routeAccess(ROUTES, 'pages/dashboard', null, opts)).toEqual({ allowed: false });
    expect(routeAccess(ROUTES, 'pages/compras/fornecedores', admin, opts)).toEqual({ allowed: true });
  });

  it('sends the accountant to the XML export for anything outside their menus', () => {
    const c = { isContador: true };
    expect(opts.accountantKeys.has('app.exportarXml')).toBe(true);
    expect(opts.accountantKeys.has('app.cliente')).toBe(false);
    expect(routeAccess(ROUTES, 'pages/dashboard', c, opts)).toEqual({ allowed: false, redirect: 'pages/nfe/exportar-xml-nfe' });
    expect(routeAccess(ROUTES, 'pages/vendas/clientes', c, opts)).toEqual({ allowed: false, redirect: 'pages/nfe/exportar-xml-nfe' });
    expect(routeAccess(ROUTES, 'pages/nfe/exportar-xml-nfe', c, opts)).toEqual({ allowed: true });
    expect(routeAccess(ROUTES, 'pages/fiscais/conta-contabil-sped', c, opts)).toEqual({ allowed: true });
    expect(routeAccess(ROUTES, 'pages/configuracoes/usuarios/editarminhaconta', c, opts)).toEqual({ allowed: true });
  });
});

describe("the accountant's keys (SPEC 6): derived from the menus, no wider than what they show", () => {
  const derived = accountantKeys([MAIN, SETTINGS, USER, ADMIN]);
  const accountant = { ...full, user: { isContador: true } };
  const shown = new Set([MAIN, SETTINGS, USER, ADMIN].flatMap((m) => flattenMenu(filterMenu(m, accountant)).flatMap((i) => (i.permission ? [i.permission] : []))));

  it('are exactly the keys of the entries the menu filter shows an accountant', () => {
    expect([...derived].sort()).toEqual([...shown].sort());
  });

  it('cover fiscal exports, fiscal configuration, the plan of accounts and my account, and nothing else', () => {
    expect([...derived].sort()).toEqual(
      [
        'app.exportarXml', 'app.exportarSped', 'app.exportarSintegra',
        'app.configuracaotnfe', 'app.certificado', 'app.naturezaoperacao', 'app.tributacaoestadual', 'app.tributacaofederal',
        'app.informacoesNfe', 'app.cfop', 'app.tributacaoncmproduto',
        'app.planoDeContas', 'app.minhaConta',
        // the accountant's panel (issue 37); the server refuses him the shop's invite/revoke actions
        'app.contador',
      ].sort(),
    );
  });

  it("a group's contador flag is not inherited: the balança and terminal exports of the Exportações group stay out", () => {
    const group = MAIN.find((i) => i.key === 'EXPORTACOES')!;
    expect(group.contador).toBe(true);
    expect(group.children!.map((c) => c.permission)).toEqual(expect.arrayContaining(['app.exportacaoBalanca', 'app.exportacaoTerminal']));
    expect(derived.has('app.exportacaoBalanca')).toBe(false);
    expect(derived.has('app.exportacaoTerminal')).toBe(false);
    // The same rule on a made-up tree: only flagged entries under flagged groups count.
    const tree: MenuItemDoc[] = [
      { key: 'G', title: 'G', icon: 'x', contador: true, children: [
        { key: 'A', title: 'A', icon: 'x', permission: 'app.a' },
        { key: 'B', title: 'B', icon: 'x', permission: 'app.b', contador: true },
      ] },
      { key: 'C', title: 'C', icon: 'x', children: [{ key: 'D', title: 'D', icon: 'x', permission: 'app.d', contador: true }] },
    ];
    expect([...accountantKeys([tree])]).toEqual(['app.b']);
    expect(flattenMenu(filterMenu(tree, { user: { isContador: true } })).map((i) => i.key)).toEqual(['G', 'B']);
  });

  it('the route guard sends the accountant away from the balança and terminal export pages', () => {
    const opts = { accountantKeys: derived, accountantHome: 'pages/nfe/exportar-xml-nfe' };
    const c = { isContador: true };
    for (const path of ['pages/exportacoes-fiscais/exportacao-para-balanca', 'pages/exportacoes-fiscais/exportacao-para-terminal']) {
      expect(routeAccess(ROUTES, path, c, opts)).toEqual({ allowed: false, redirect: 'pages/nfe/exportar-xml-nfe' });
    }
    for (const path of ['pages/fiscais/gerar-arquivo-sped', 'pages/fiscais/gerar-arquivo-sintegra', 'pages/configuracoes/nfe']) expect(routeAccess(ROUTES, path, c, opts)).toEqual({ allowed: true });
    // Someone else with the key opens them.
    expect(routeAccess(ROUTES, 'pages/exportacoes-fiscais/exportacao-para-balanca', { permissoes: { 'app.exportacaoBalanca': 1 } }, opts)).toEqual({ allowed: true });
  });
});

describe('route guard of the administrator area (SPEC 2.8, 6)', () => {
  const opts = { accountantKeys: accountantKeys([MAIN, SETTINGS, USER, ADMIN]), accountantHome: 'pages/nfe/exportar-xml-nfe' };
  const adminRoutes = ROUTES.filter((r) => r.kind === 'admin');
  const avancoOnly = ['sequencia-filial', 'bancos', 'importacao-ibpt-ncm', 'importacao-ibpt-cest', 'pdv-versao'].map((p) => `administrador/configuracoes/${p}`);
  const users = {
    perfilAdmin: { perfilAdmin: true },
    suporte: { suporteWhiteLabel: true },
    vendedor: { permissoes: { 'app.cliente': 4 } },
    master: { master: true },
    avanco: { isAvanco: true },
  };
  const allowed = (path: string, user: object) => routeAccess(ROUTES, path, user, opts).allowed;

  it('lists every screen of SPEC 2.8, the background jobs (issue 34) and the IBS/CBS tables (issue 39)', () => {
    expect(adminRoutes.map((r) => r.path.replace('administrador/configuracoes/', '')).sort()).toEqual(
      ['dashboard', 'whitelabel', 'ajuda', 'plano-config', 'modulo-config', 'nps', 'notificacoes', 'sequencia-filial', 'bancos', 'importacao-ibpt-ncm', 'importacao-ibpt-cest', 'usuarios', 'financeiro-whitelabel', 'pdv-versao', 'jobs', 'tabelas-ibscbs'].sort(),
    );
  });

  it.each(adminRoutes.map((r) => r.path))('%s: refused to anyone neither master nor isAvanco, whatever their permissions', (path) => {
    for (const u of [users.perfilAdmin, users.suporte, users.vendedor, { isContador: true }]) expect(allowed(path, u)).toBe(false);
    expect(routeAccess(ROUTES, path, users.perfilAdmin, opts)).toEqual({ allowed: false });
    expect(allowed(path, null as never)).toBe(false);
    expect(allowed(path, users.avanco)).toBe(true);
    expect(allowed(path, users.master)).toBe(!avancoOnly.includes(path));
  });

  it('sub-pages the document does not list take their nearest listed ancestor; any other administrador/ path needs master or isAvanco', () => {
    for (const path of ['administrador/configuracoes/plano-config/cadastrar', 'administrador/configuracoes/plano-config/editar/3', '/administrador/configuracoes/qualquer-coisa']) {
      expect(allowed(path, users.perfilAdmin)).toBe(false);
      expect(allowed(path, users.master)).toBe(true);
    }
    expect(routeRequirements(ROUTES, 'administrador/configuracoes/bancos/12')).toEqual(expect.arrayContaining(['isAvanco']));
    expect(allowed('administrador/configuracoes/bancos/12', users.master)).toBe(false);
    expect(allowed('administrador/configuracoes/bancos/12', users.avanco)).toBe(true);
    // Outside the area nothing changes.
    expect(routeRequirements(ROUTES, 'pages/vendas/clientes')).toBeNull();
    expect(allowed('pages/dashboard', users.vendedor)).toBe(true);
  });

  it('agrees with the menus: the entrance needs master or isAvanco, and a master sees exactly the admin entries whose routes open', () => {
    for (const [name, u] of Object.entries(users)) {
      const entrance = keysOf(filterMenu(SETTINGS, { ...full, user: u })).includes('CONFIG_ADMINISTRADOR');
      expect(entrance, name).toBe(allowed('administrador/configuracoes/dashboard', u));
    }
    for (const u of [users.master, users.avanco]) {
      const visible = new Set(keysOf(filterMenu(ADMIN, { ...full, user: u })));
      for (const item of flattenMenu(ADMIN).filter((i) => i.link)) expect(allowed(item.link!, u), item.key).toBe(visible.has(item.key));
    }
  });
});
