import { createRequire } from 'node:module';
import { duplicates, jsonFiles, metaValidator, readJson } from './helpers';
import { loadMenus, loadRoutes } from '../../../src/server/catalog/documents.ts';

const icons = createRequire(import.meta.url)('@ant-design/icons') as Record<string, unknown>;
const routesDoc = readJson('routes', 'routes.json');
// What the router, the guard and the menus read: schemas/routes plus the routes of every resource document.
const routes: any[] = loadRoutes();
const paths = new Set(routes.map((r) => r.path));
const permissionKeys = new Set(readJson('permissions', 'permissions.json').keys.map((k: any) => k.key));
const MENUS = ['admin', 'main', 'settings', 'user'];
const menus = Object.fromEntries(MENUS.map((m) => [m, readJson('menus', `${m}.json`)]));
// The menus as users see them: each resource document's entry placed in its group.
const placed = loadMenus() as Record<string, any[]>;

function flatten(items: any[]): any[] {
  return items.flatMap((i) => [i, ...flatten(i.children ?? [])]);
}
const allItems = MENUS.flatMap((m) => flatten(placed[m]));
const item = (key: string) => allItems.find((i) => i.key === key);

describe('routes document', () => {
  it('validates against routes.schema.json', () => {
    expect(metaValidator('routes.schema.json')(routesDoc)).toBeNull();
  });

  it('has unique paths and known permission keys', () => {
    expect(duplicates(routes.map((r) => r.path))).toEqual([]);
    for (const r of routes.filter((r) => r.permission)) expect(permissionKeys.has(r.permission), r.path).toBe(true);
    for (const target of [routesDoc.fallback, ...Object.values(routesDoc.homes), ...routes.filter((r) => r.redirect).map((r) => r.redirect)]) {
      expect(paths.has(target), target).toBe(true);
    }
  });

  it('covers the top-level, authentication and administrator routes of SPEC 2.1, 2.3 and 2.8', () => {
    for (const p of ['pages/dashboard', 'planos', 'cadastrar', 'cadastrar-erp', 'sistema-indisponivel', 'logout', 'auth/login',
      'auth/login/:user_token', 'auth/planos/:user_token', 'auth/recuperar-senha', 'auth/resetar-senha/:access_token', 'auth/cadastrar', 'auth/logout']) {
      expect(paths.has(p), p).toBe(true);
    }
    const admin = 'dashboard, whitelabel, ajuda, plano-config, modulo-config, nps, notificacoes, sequencia-filial, bancos, importacao-ibpt-ncm, importacao-ibpt-cest, usuarios, financeiro-whitelabel, pdv-versao';
    for (const s of admin.split(', ')) expect(paths.has(`administrador/configuracoes/${s}`), s).toBe(true);
    expect(routesDoc.homes.contador).toBe('pages/nfe/exportar-xml-nfe');
  });

  it('has the create, edit and copy variants of SPEC 2.9', () => {
    const crud = 'vendas/grupo-usuario-pdv vendas/operador-pdv financeiro/formas-pagamento-financeiro financeiro/categorias-financeiro vendas/clientes financeiro/contas compras/fornecedores compras/entrada-nota-fiscal estoque/produtos estoque/servicos compras/transportadores configuracoes/usuarios vendas/pdv vendas/vendedores configuracoes/formas-pagamento configuracoes/perfil configuracoes/cfop configuracoes/perfil-tributario fiscais/tributacoes-estaduais fiscais/tributacoes-federais fiscais/natureza-operacao fiscais/observacoes-nota compras/pedido estoque/transferencia-estoque estoque/depositos estoque/lotes vendas/contatos-comerciais';
    for (const base of crud.split(' ')) {
      for (const v of ['', '/cadastrar', '/editar/:id']) expect(paths.has(`pages/${base}${v}`), base + v).toBe(true);
    }
    for (const base of ['estoque/produtos', 'estoque/servicos', 'fiscais/natureza-operacao']) expect(paths.has(`pages/${base}/copiar/:id`)).toBe(true);
    for (const v of ['listar', 'cadastrar', 'editar/:id', 'visualizar/:id', 'imprimir']) expect(paths.has(`pages/estoque/etiqueta/${v}`), v).toBe(true);
    expect(paths.has('pages/configuracoes/usuarios/editarminhaconta')).toBe(true);
    expect(paths.has('pages/vendas/promocao/editar/:id')).toBe(true);
  });

  it('names the resource documents that exist', () => {
    const resources = new Set(jsonFiles('resources').map((f) => f.replace(/\.json$/, '')));
    for (const r of routes.filter((r) => r.resource)) expect(resources.has(r.resource), r.path).toBe(true);
    for (const f of jsonFiles('resources')) {
      const route = readJson('resources', f).route;
      if (route) expect(paths.has(route), `${f}: ${route}`).toBe(true);
    }
  });

  it('resource documents reference existing permission keys and lookups', () => {
    const lookups = new Set(jsonFiles('lookups').map((f) => f.replace(/\.json$/, '')));
    const walk = (node: unknown, file: string): void => {
      if (Array.isArray(node)) return node.forEach((n) => walk(n, file));
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        if (k === 'lookup' && typeof v === 'string') expect(lookups.has(v), `${file}: lookup ${v}`).toBe(true);
        else if (k === 'permission' && typeof v === 'string') expect(permissionKeys.has(v), `${file}: ${v}`).toBe(true);
        else walk(v, file);
      }
    };
    for (const f of jsonFiles('resources')) walk(readJson('resources', f), f);
  });
});

describe('menu documents', () => {
  it.each(MENUS)('%s validates against menu.schema.json', (m) => {
    expect(metaValidator('menu.schema.json')(menus[m])).toBeNull();
    expect(menus[m].name).toBe(m);
  });

  it('keys are unique across all menus', () => {
    expect(duplicates(allItems.map((i) => i.key))).toEqual([]);
  });

  // The shell's menus key their items by link (antd warned "Duplicated key '/pages/estoque/servicos'" when NFS-e >
  // Serviços and the services document's own Estoque entry both linked there).
  it.each(MENUS)('%s: no two items link to the same route', (m) => {
    expect(duplicates(flatten(placed[m]).filter((i) => i.link).map((i) => i.link))).toEqual([]);
  });

  it("NFS-e follows SPEC 2.6: the service order's new form, the service orders with their notes, and servico/servicos (the services' list)", () => {
    expect(item('NFSE').children.map((c: any) => c.link)).toEqual(['pages/vendas/pedido-vendas/cadastrar/servico', 'pages/vendas/pedido-vendas/servico', 'pages/servico/servicos']);
    expect(routes.find((r) => r.path === 'pages/servico/servicos')).toMatchObject({ kind: 'list', permission: 'app.produto', level: 'view' });
  });

  it('every link is a route, every permission a permission key, every icon an @ant-design/icons component', () => {
    for (const i of allItems) {
      if (i.link) expect(paths.has(i.link), `${i.key} -> ${i.link}`).toBe(true);
      if (i.permission) expect(permissionKeys.has(i.permission), `${i.key} -> ${i.permission}`).toBe(true);
      expect(icons[i.icon], `${i.key} -> ${i.icon}`).toBeTruthy();
      expect(Boolean(i.link || i.action || i.children), `${i.key} leads nowhere`).toBe(true);
    }
  });

  it('a linked item asks for the permission its route guards with', () => {
    const byPath = new Map(routes.map((r) => [r.path, r]));
    for (const i of allItems.filter((i) => i.link && i.permission)) expect(byPath.get(i.link).permission, i.key).toBe(i.permission);
  });

  it('main menu follows SPEC 2.6', () => {
    expect(placed.main.map((i: any) => i.title)).toEqual([
      'Dashboard', 'Financeiro', 'Vendas', 'Compras', 'Estoque', 'NF-e', 'NFS-e', 'Exportações', 'Pagamentos', 'Contábil', 'Relatórios', 'Assinatura',
    ]);
    const assinatura = item('ASSINATURA');
    expect(assinatura.expanded).toBe(true);
    expect(assinatura.children.every((c: any) => c.action && !c.link)).toBe(true);
    expect(assinatura.children).toHaveLength(5);
    expect(item('ESTOQUE_TRANSFERENCIA').requires).toContain('twoDepositos');
    expect(item('PAGAMENTOS_BOLETOS').requires).toContain('boletoConfig');
    expect(allItems.filter((i) => i.destaque).map((i) => i.key).sort()).toEqual(
      ['ESTOQUE_PRODUTOS', 'FINANCEIRO_DESPESAS', 'FINANCEIRO_RECEITAS', 'NFE_EMITIR', 'PAGAMENTOS_BOLETOS', 'VENDAS_CLIENTES'],
    );
  });

  it('user, settings and administrator menus follow SPEC 2.7 and 2.8', () => {
    expect(placed.user.map((i: any) => i.key)).toEqual(['USUARIO_TROCARDEFILIAL', 'USUARIO_TROCARDECONTA', 'USUARIO_MINHACONTA', 'USUARIO_SAIR']);
    expect(placed.settings.map((i: any) => i.title)).toEqual([
      'Administrador', 'Pagamento', 'Fiscal', 'Financeiro', 'Ponto de Venda', 'Estoques', 'Usuários', 'Integrações', 'Empresas', 'Importação de dados', 'Baixar PDV',
    ]);
    expect(item('CONFIG_DOWNLOADPDV').requires).toEqual(['urlPdv']);
    const admin = flatten(placed.admin);
    // SPEC 2.8's 16 entries, plus Jobs em segundo plano (issue 34) and Tabelas do IBS/CBS (issue 39)
    expect(admin).toHaveLength(18);
    expect(item('CONFIG_ADMINISTRADOR_TABELASIBSCBS').requires).toEqual(['masterOrAvanco']);
    for (const k of ['CONFIG_ADMINISTRADOR_EXCLUIRPRODUTOS', 'CONFIG_ADMINISTRADOR_EXCLUIRFILIAL', 'CONFIG_ADMINISTRADOR_BANCOS', 'CONFIG_ADMINISTRADOR_PDVVERSAO', 'CONFIG_ADMINISTRADOR_SEQUENCIAFILIAL']) {
      expect(item(k).requires, k).toContain('isAvanco');
    }
  });

  it('an accountant sees only fiscal exports, fiscal settings, plan of accounts and the user menu', () => {
    const leaves = allItems.filter((i) => i.contador && !i.children).map((i) => i.key);
    expect(leaves).toEqual(expect.arrayContaining(['EXPORTACOES_XMLNFE', 'EXPORTACOES_SPED', 'EXPORTACOES_SINTEGRA', 'CONFIG_FISCAL_CONTACONTABILSPED', 'USUARIO_MINHACONTA', 'USUARIO_TROCARDEFILIAL', 'USUARIO_SAIR']));
    // Contábil (SPEC 6 'plan of accounts under accounting'; issue 37: the accountant's panel of client shops lives there).
    expect(leaves).toContain('CONTABIL_CONTADORES');
    expect(leaves.every((k) => /^(EXPORTACOES_(XMLNFE|SPED|SINTEGRA)|CONFIG_FISCAL_|USUARIO_|CONTABIL_)/.test(k))).toBe(true);
  });
});
