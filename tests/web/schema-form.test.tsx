import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cnpjWithDigits, cpfWithDigits, isGtin } from '../../src/shared/cpf-cnpj.ts';
import { buildFormShape } from '../../src/web/renderer/form-schema.ts';
import { SchemaForm } from '../../src/web/renderer/SchemaForm.tsx';
import { resourceByName } from '../../src/web/catalog/registry.ts';
import { mockApi } from './support/mock-api.ts';
import { TEST_DOC } from './support/test-doc.ts';

const input = (field: string) => document.getElementById(`root_${field}`) as HTMLInputElement;
const type = (field: string, text: string) => fireEvent.change(input(field), { target: { value: text } });
const errorOf = (field: string) => input(field).closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent ?? null;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

function setup(initialData: Record<string, unknown> = { nome: 'Ana' }) {
  const onSubmit = vi.fn();
  render(<SchemaForm doc={TEST_DOC} initialData={initialData} onSubmit={onSubmit} />);
  return onSubmit;
}

/** A GTIN-13 with a correct check digit. */
function gtin13(base12: string): string {
  for (let d = 0; d <= 9; d++) if (isGtin(base12 + d)) return base12 + d;
  throw new Error('sem dígito');
}

beforeEach(() => {
  mockApi(({ url, params }) => {
    if (url === 'Ceps/ngcidades') return { data: params.uf === 'SP' ? [{ codigoIbge: 3550308, nome: 'São Paulo', uf: 'SP' }, { codigoIbge: 3509502, nome: 'Campinas', uf: 'SP' }] : [] };
    if (url === 'Marcas') return { data: [{ id: 7, descricao: 'Camponesa' }, { id: 8, descricao: 'Polar' }] };
    if (url === 'Marcas/8') return { data: { id: 8, descricao: 'Polar' } };
    return undefined;
  });
});

describe('SchemaForm widgets and formats, with pt-BR input', () => {
  it('lays the form out in the document sections', async () => {
    setup();
    await screen.findByText('Dados');
    expect(screen.getByText('Endereço')).toBeTruthy();
    expect(screen.getByText('Produto')).toBeTruthy();
    expect(input('nome').value).toBe('Ana');
  });

  it('masks CPF and CNPJ as typed and hands on the digits; a wrong check digit is "Documento inválido"', async () => {
    const onSubmit = setup();
    await screen.findByText('Dados');
    type('cpfCnpj', '12345678900');
    expect(input('cpfCnpj').value).toBe('123.456.789-00');
    submit();
    await waitFor(() => expect(errorOf('cpfCnpj')).toBe('Documento inválido'));
    expect(onSubmit).not.toHaveBeenCalled();

    const cnpj = cnpjWithDigits('112223330001');
    type('cpfCnpj', cnpj);
    expect(input('cpfCnpj').value).toBe('11.222.333/0001-81');
    await waitFor(() => expect(errorOf('cpfCnpj')).toBeNull());
    const cpf = cpfWithDigits('529982247');
    type('cpfCnpj', '529.982.247-25');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].cpfCnpj).toBe(cpf);
  });

  it('phone: 11 digits as (00) 0 0000-0000, 10 digits as (00) 0000-0000', async () => {
    const onSubmit = setup();
    await screen.findByText('Dados');
    type('telefone', '11987654321');
    expect(input('telefone').value).toBe('(11) 9 8765-4321');
    type('telefone', '1133334444');
    expect(input('telefone').value).toBe('(11) 3333-4444');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].telefone).toBe('1133334444');
  });

  it('money in BRL with decimal comma, quantity with 4 decimals and percent with 2, as decimal strings', async () => {
    const onSubmit = setup();
    await screen.findByText('Dados');
    type('valor', '1.234,56');
    type('quantidade', '1.234,5678');
    type('percentual', '12,5');
    fireEvent.blur(input('valor'));
    expect(input('valor').value).toBe('1.234,56');
    expect(input('valor').closest('.ant-input-affix-wrapper')?.textContent).toContain('R$');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ valor: '1234.56', quantidade: '1234.5678', percentual: '12.50' });
  });

  it('negative money is accepted and shown with the minus sign', async () => {
    const onSubmit = setup({ nome: 'Ana', valor: '-10.5' });
    await screen.findByText('Dados');
    expect(input('valor').value).toBe('-10,50');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].valor).toBe('-10.5');
  });

  it('dates are typed dd/MM/yyyy and sent yyyy-MM-dd; an impossible date is "Campo inválido!"', async () => {
    const onSubmit = setup({ nome: 'Ana', data: '2024-02-29' });
    await screen.findByText('Dados');
    expect(input('data').value).toBe('29/02/2024');
    type('data', '31022023');
    expect(input('data').value).toBe('31/02/2023');
    submit();
    await waitFor(() => expect(errorOf('data')).toBe('Campo inválido!'));
    type('data', '15031990');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].data).toBe('1990-03-15');
  });

  it('NCM shows 0000.00.00 and must have 8 digits; GTIN checks its digit', async () => {
    const onSubmit = setup();
    await screen.findByText('Dados');
    const good = gtin13('789100010010');
    const bad = good.slice(0, 12) + ((Number(good[12]) + 1) % 10);
    type('ncm', '1006');
    type('gtin', bad);
    submit();
    await waitFor(() => expect(errorOf('ncm')).toBe('Campo inválido!'));
    expect(errorOf('gtin')).toBe('Campo inválido!');
    type('ncm', '10063021');
    expect(input('ncm').value).toBe('1006.30.21');
    type('gtin', good);
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ ncm: '10063021', gtin: good });
  });

  it('shows SPEC 5.5 messages only after the first submit, then live', async () => {
    setup({});
    await screen.findByText('Dados');
    type('email', 'nao-e-email');
    type('codigo', 'abc');
    type('idade', '5');
    expect(errorOf('email')).toBeNull();
    submit();
    await waitFor(() => expect(errorOf('nome')).toBe('Campo Obrigatório!'));
    expect(errorOf('email')).toBe('E-mail inválido!');
    expect(errorOf('codigo')).toBe('Formato inválido!');
    expect(errorOf('idade')).toBe('Valor mínimo: 18');
    type('nome', 'A');
    await waitFor(() => expect(errorOf('nome')).toBe('Mínimo 2 caracteres!'));
    type('nome', 'Nome comprido demais');
    await waitFor(() => expect(errorOf('nome')).toBe('Máximo 10 caracteres!'));
    type('idade', '130');
    await waitFor(() => expect(errorOf('idade')).toBe('Valor máximo: 120'));
  });

  it('CEP fills the UF from its range and the município becomes searchable within it', async () => {
    const onSubmit = setup();
    await screen.findByText('Dados');
    expect(input('codigoMunicipio').closest('.ant-select')?.className).toContain('disabled');
    type('cep', '01310100');
    expect(input('cep').value).toBe('01310-100');
    await waitFor(() => expect(input('uf').closest('.ant-select')?.textContent).toContain('São Paulo'));
    await waitFor(() => expect(input('codigoMunicipio').closest('.ant-select')?.className).not.toContain('disabled'));
    fireEvent.mouseDown(input('codigoMunicipio'));
    fireEvent.click(await screen.findByText('Campinas'));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ cep: '01310100', uf: 'SP', codigoMunicipio: 3509502 });
  });

  it('lookup selects show labels and hand on values', async () => {
    const onSubmit = setup();
    await screen.findByText('Dados');
    fireEvent.mouseDown(input('uf'));
    fireEvent.change(input('uf'), { target: { value: 'minas' } });
    fireEvent.click(await screen.findByText('Minas Gerais'));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].uf).toBe('MG');
  });

  it('relation selects search the other resource and show its display field', async () => {
    const onSubmit = setup({ nome: 'Ana', marcaId: 8 });
    await screen.findByText('Dados');
    await waitFor(() => expect(input('marcaId').closest('.ant-select')?.textContent).toContain('Polar'));
    fireEvent.mouseDown(input('marcaId'));
    fireEvent.click(await screen.findByText('Camponesa'));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].marcaId).toBe(7);
  });

  it('brand switches hide a field and make another required', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm doc={TEST_DOC} initialData={{ nome: 'Ana' }} brand={{ hidden: new Set(['gtin']), required: new Set(['email']) }} onSubmit={onSubmit} />);
    await screen.findByText('Dados');
    expect(input('gtin')).toBeNull();
    submit();
    await waitFor(() => expect(errorOf('email')).toBe('Campo Obrigatório!'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('an untouched form (defaults filled in) is not dirty; typing makes it dirty, undoing makes it clean', async () => {
    const onDirty = vi.fn();
    render(<SchemaForm doc={TEST_DOC} initialData={{ nome: 'Ana' }} onSubmit={vi.fn()} onDirtyChange={onDirty} />);
    await screen.findByText('Dados');
    await act(async () => {});
    expect(onDirty.mock.calls.every(([d]) => d === false)).toBe(true);
    type('nome', 'Bia');
    expect(onDirty).toHaveBeenLastCalledWith(true);
    type('nome', 'Ana');
    expect(onDirty).toHaveBeenLastCalledWith(false);
  });

  it('shows the server field messages it is given', async () => {
    render(<SchemaForm doc={TEST_DOC} initialData={{ nome: 'Ana' }} serverErrors={{ nome: 'Registro duplicado' }} onSubmit={vi.fn()} />);
    await screen.findByText('Dados');
    await act(async () => {});
    expect(errorOf('nome')).toBe('Registro duplicado');
  });
});

describe('object fields drawn by their widget (ui:field)', () => {
  const perfil = resourceByName('perfil')!;

  it('an object property naming a widget gets it as ui:field; scalar ones keep ui:widget', () => {
    const { uiSchema } = buildFormShape(perfil, {});
    expect(uiSchema.permissoes).toEqual({ 'ui:field': 'permissionMatrix' });
    expect(buildFormShape(TEST_DOC, {}).uiSchema.cpfCnpj).toEqual({ 'ui:widget': 'cpfCnpj' });
  });

  it('the access profile form is the generic form: the matrix edits the map, and nome follows SPEC 5.5', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm doc={perfil} initialData={{ nome: 'Caixa', permissoes: { 'app.cliente': 1 } }} onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByLabelText('Clientes: Alterar'));
    fireEvent.click(screen.getByRole('switch', { name: 'Exportar XML de NF-e' }));
    type('nome', '');
    submit();
    await waitFor(() => expect(errorOf('nome')).toBe('Campo Obrigatório!'));
    expect(onSubmit).not.toHaveBeenCalled();
    type('nome', 'Caixa');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ nome: 'Caixa', permissoes: { 'app.cliente': 3, 'app.exportarXml': 4 } }));
  }, 30_000);
});

describe('sections in tabs', () => {
  const produto = resourceByName('produto')!;
  const activeTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;

  it('the product form shows its tabs; an error on a closed tab opens it and marks its label', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm doc={produto} initialData={{ descricao: 'Arroz', tipoProduto: 0 }} onSubmit={onSubmit} />);
    await screen.findByRole('tab', { name: 'Dados gerais' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Dados gerais', 'Fiscal', 'Preços e estoque', 'Balança']);
    expect(input('precoVenda')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Fiscal' }));
    await waitFor(() => expect(input('cest')).toBeTruthy());
    type('cest', '0100100');
    fireEvent.click(screen.getByRole('tab', { name: 'Dados gerais' }));
    await waitFor(() => expect(activeTab()).toBe('Dados gerais'));
    submit();
    await waitFor(() => expect(activeTab()).toBe('Fiscal'));
    expect(document.querySelector('.ant-tabs-tab .aba-com-erro')?.textContent).toBe('Fiscal');
    await waitFor(() => expect(errorOf('ncm')).toBe('Campo Obrigatório!'));
    expect(onSubmit).not.toHaveBeenCalled();
    type('ncm', '10063021');
    await waitFor(() => expect(document.querySelector('.aba-com-erro')).toBeNull());
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ descricao: 'Arroz', ncm: '10063021', cest: '0100100' })));
  }, 30_000);
});

describe('CEP → address', () => {
  const cliente = resourceByName('cliente')!;

  it('a CEP the Ceps API knows fills endereço, bairro, UF and município; typed ones are kept', async () => {
    const asked: unknown[] = [];
    mockApi(({ url, params }) => {
      if (url === 'Ceps/findOne') {
        asked.push(params.filter);
        const cep = (params.filter as { where: { cep: string } }).where.cep;
        if (cep === '01001000') return { data: { cep, uf: 'SP', codigoIbge: 3550308, codigoMunicipio: 3550308, municipio: 'São Paulo', logradouro: 'Praça da Sé', bairro: 'Sé' } };
        if (cep === '20040020') return { data: { cep, uf: 'RJ', codigoIbge: 3304557, codigoMunicipio: 3304557, municipio: 'Rio de Janeiro', logradouro: 'Rua da Assembleia', bairro: 'Centro' } };
      }
      return undefined;
    });
    const onSubmit = vi.fn();
    render(<SchemaForm doc={cliente} initialData={{ nome: 'Ana' }} onSubmit={onSubmit} />);
    await waitFor(() => expect(input('cep')).toBeTruthy());
    type('cep', '01001000');
    await waitFor(() => expect(input('logradouro').value).toBe('Praça da Sé'));
    expect(input('bairro').value).toBe('Sé');
    expect(asked).toEqual([{ where: { cep: '01001000' } }]);
    await waitFor(() => expect(input('uf').closest('.ant-select')?.textContent).toContain('São Paulo'));
    await waitFor(() => expect(input('codigoMunicipio').closest('.ant-select')?.textContent).toContain('São Paulo'));
    // What the person typed is not overwritten by another CEP's address; what the lookup filled follows the CEP.
    type('logradouro', 'Rua Minha, 10');
    type('cep', '20040020');
    await waitFor(() => expect(input('codigoMunicipio').closest('.ant-select')?.textContent).toContain('Rio de Janeiro'));
    expect(input('logradouro').value).toBe('Rua Minha, 10');
    expect(input('bairro').value).toBe('Centro');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ cep: '20040020', uf: 'RJ', codigoMunicipio: 3304557, logradouro: 'Rua Minha, 10', bairro: 'Centro' });
  }, 30_000);
});

// Estoque > Serviços (issue 17, NFS-e): the serviço form's código de tributação nacional is the generic lookup select
// over the complete national service list (every LC 116/2003 subitem), searchable by the service's words.
describe('serviço form: national service list', () => {
  const servico = resourceByName('servico')!;

  it('offers every subitem of the list, found by typing, and hands on the cTribNac', async () => {
    const onSubmit = vi.fn();
    render(<SchemaForm doc={servico} initialData={{ descricao: 'Rastreamento de frota', tipoServico: 100000011 }} onSubmit={onSubmit} />);
    await waitFor(() => expect(input('codigoTributacaoNacional')).not.toBeNull());
    fireEvent.mouseDown(input('codigoTributacaoNacional'));
    fireEvent.change(input('codigoTributacaoNacional'), { target: { value: 'rastreamento a distância' } });
    fireEvent.click(await screen.findByText(/^11\.05\.01 - Serviços relacionados ao monitoramento e rastreamento a distância/));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].codigoTributacaoNacional).toBe('110501');
  });
});
