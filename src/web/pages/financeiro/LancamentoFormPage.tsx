import { DeleteOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Radio, Space, Upload } from 'antd';
import Decimal from 'decimal.js';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import lancamentoJson from '../../../../schemas/financeiro/lancamento.json';
import { formatDate } from '../../../shared/dates.ts';
import { formatBRL, MONEY_RE } from '../../../shared/money.ts';
import { dividirEmParcelas } from '../../../shared/parcelamento.ts';
import { api } from '../../api/client.ts';
import { fieldMessages, toApiError } from '../../api/errors.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { SchemaForm } from '../../renderer/SchemaForm.tsx';
import type { ResourceDoc } from '../../../../generated/schema-types.ts';
import { hoje, reloadFinanceiro, TIPO_TEXTO } from './financeiro-api.ts';
import { DateInput, MoneyInput } from './inputs.tsx';
import { readAsDataUrl } from '../../api/files.ts';
import { coluna } from '../../ui/colunas.ts';
import { RowsTable } from '../../ui/ListTable.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

type Data = Record<string, unknown>;
interface ParcelaForm {
  key: number;
  vencimento?: string;
  valor?: string;
}

/** schemas/financeiro/lancamento.json: the document POST /api/Lancamentos validates with. */
const LANCAMENTO_DOC = lancamentoJson as unknown as ResourceDoc;

/**
 * The form's view of the document: tipo comes from the screen, the parcelas from the table below; a despesa
 * names a fornecedor and a receita a cliente (the API takes any pessoa of the account), and offers only
 * the categorias of its tipo (the API refuses the others).
 */
function docDoTipo(tipo: 0 | 1): ResourceDoc {
  const { tipo: _t, parcelas: _p, ...properties } = LANCAMENTO_DOC.schema.properties;
  return {
    ...LANCAMENTO_DOC,
    singular: TIPO_TEXTO[tipo].singular,
    relations: {
      ...LANCAMENTO_DOC.relations,
      pessoa: { type: 'belongsTo', resource: tipo === 1 ? 'fornecedor' : 'cliente', foreignKey: 'pessoaId' },
      categoria: { type: 'belongsTo', resource: 'categoriaFinanceira', foreignKey: 'categoriaId', where: { tipo, ativo: true } },
    },
    schema: { ...LANCAMENTO_DOC.schema, required: (LANCAMENTO_DOC.schema.required ?? []).filter((f) => f !== 'tipo'), properties: { ...properties, pessoaId: { ...properties.pessoaId, title: tipo === 1 ? 'Fornecedor' : 'Cliente' } } },
  };
}

/**
 * pages/financeiro/lancamentos/lista/despesas|receitas/cadastrar: a despesa or receita with its parcelas (n
 * equal parts, the cents of the rounding on the last, or dates and amounts of one's own), attachments, and
 * for a despesa the boleto's linha digitável that fills amount and due date.
 */
export default function LancamentoFormPage({ tipo }: { tipo: 0 | 1 }) {
  const navigate = useNavigate();
  const doc = useMemo(() => docDoTipo(tipo), [tipo]);
  const texto = TIPO_TEXTO[tipo];
  const voltar = `/${texto.rota}`;
  const [dados, setDados] = useState<Data>({});
  const [patch, setPatch] = useState<Data>();
  const [modo, setModo] = useState<'iguais' | 'personalizadas'>('iguais');
  const [proprias, setProprias] = useState<ParcelaForm[]>([]);
  const [linha, setLinha] = useState('');
  const [lendo, setLendo] = useState(false);
  const [arquivos, setArquivos] = useState<File[]>([]);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const initial = useMemo<Data>(() => ({ dataEmissao: hoje(), numeroParcelas: 1 }), []);
  const onData = useCallback((d: Data) => setDados(d), []);

  const total = typeof dados.valorTotal === 'string' && MONEY_RE.test(dados.valorTotal) ? dados.valorTotal : null;
  const n = Number(dados.numeroParcelas ?? 1);
  const primeiro = (dados.primeiroVencimento as string | undefined) || (dados.dataEmissao as string | undefined);
  const previa = useMemo(() => {
    try {
      return total && primeiro && /^\d{4}-\d{2}-\d{2}$/.test(primeiro) && Number.isInteger(n) && n >= 1 && n <= 360 ? dividirEmParcelas(total, n, primeiro) : [];
    } catch {
      return [];
    }
  }, [total, n, primeiro]);
  const somaProprias = proprias.reduce((s, p) => (p.valor && MONEY_RE.test(p.valor) ? s.plus(p.valor) : s), new Decimal(0));
  const diferenca = total ? new Decimal(total).minus(somaProprias) : null;

  const personalizar = () => {
    setProprias(previa.map((p, i) => ({ key: i + 1, vencimento: p.vencimento, valor: p.valor })));
    setModo('personalizadas');
  };

  const lerBoleto = async (codigo: string) => {
    if (!codigo.trim()) return;
    setLendo(true);
    try {
      const r = (await api.post<{ valor: string | null; vencimento: string | null; banco: string }>('Boletos/decodificar', { codigo })).data;
      const p: Data = {};
      if (r.valor && new Decimal(r.valor).gt(0)) p.valorTotal = new Decimal(r.valor).toFixed(2);
      if (r.vencimento) p.primeiroVencimento = r.vencimento;
      setPatch(p);
      toast('success', 'Boleto lido.', [r.valor ? `Valor ${formatBRL(r.valor)}` : 'Sem valor no código', r.vencimento ? `vencimento ${formatDate(r.vencimento)}` : 'sem vencimento'].join(', '));
    } catch (err) {
      showError(err);
    } finally {
      setLendo(false);
    }
  };

  const salvar = async (payload: Data) => {
    setSaving(true);
    setServerErrors(undefined);
    try {
      const body: Data = { ...payload, tipo };
      if (modo === 'personalizadas') {
        body.parcelas = proprias.map((p) => ({ vencimento: p.vencimento, valor: p.valor }));
        body.numeroParcelas = proprias.length;
      }
      const criado = (await api.post<{ id: number }>('Lancamentos', body)).data;
      for (const f of arquivos) {
        try {
          await api.post(`Lancamentos/${criado.id}/anexos`, { nome: f.name, arquivo: await readAsDataUrl(f) });
        } catch (err) {
          showError(err);
        }
      }
      toast('success', `${texto.singular} salva com sucesso.`);
      await reloadFinanceiro();
      navigate(voltar);
    } catch (err) {
      setServerErrors(fieldMessages(toApiError(err)));
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  const setPropria = (i: number, p: Partial<ParcelaForm>) => setProprias((ps) => ps.map((x, j) => (j === i ? { ...x, ...p } : x)));

  return (
    <div data-lancamento-form={tipo}>
      <PageTitle>Nova {texto.singular.toLowerCase()}</PageTitle>
      {tipo === 1 ? (
        <Card size="small" style={{ marginBottom: 16 }} title="Pagar um boleto">
          <Input.Search
            id="linha_digitavel"
            aria-label="Linha digitável do boleto"
            placeholder="Digite ou cole a linha digitável (ou o código de barras) para preencher valor e vencimento"
            enterButton="Ler boleto"
            loading={lendo}
            value={linha}
            onChange={(e) => {
              setLinha(e.target.value);
              const digitos = e.target.value.replace(/\D/g, '');
              if (digitos.length === 47 || digitos.length === 48 || digitos.length === 44) void lerBoleto(e.target.value);
            }}
            onSearch={lerBoleto}
          />
        </Card>
      ) : null}
      <SchemaForm doc={doc} initialData={initial} patch={patch} serverErrors={serverErrors} saving={saving} onSubmit={salvar} onCancel={() => navigate(voltar)} onDataChange={onData}>
        <Card size="small" title="Parcelas" style={{ marginBottom: 16 }} data-parcelas>
          <Radio.Group value={modo} onChange={(e) => (e.target.value === 'personalizadas' ? personalizar() : setModo('iguais'))} style={{ marginBottom: 12 }}>
            <Radio value="iguais">Parcelas iguais (centavos na última)</Radio>
            <Radio value="personalizadas">Datas e valores personalizados</Radio>
          </Radio.Group>
          {modo === 'iguais' ? (
            <RowsTable<(typeof previa)[number]>
              rowKey="numero"
              dataSource={previa}
              locale={{ emptyText: 'Informe o valor total, a data e o número de parcelas.' }}
              columns={[
                { key: 'numero', title: 'Parcela', dataIndex: 'numero', width: 90 },
                coluna('date', 'vencimento', 'Vencimento'),
                coluna('money', 'valor', 'Valor'),
              ]}
            />
          ) : (
            <>
              <RowsTable<ParcelaForm>
                rowKey="key"
                dataSource={proprias}
                columns={[
                  { key: 'numero', title: 'Parcela', width: 90, render: (_, _p, i) => i + 1 },
                  { key: 'vencimento', title: 'Vencimento', render: (_, p, i) => <DateInput id={`parcela_${i}_vencimento`} value={p.vencimento} onChange={(v) => setPropria(i, { vencimento: v })} /> },
                  { key: 'valor', title: 'Valor', render: (_, p, i) => <MoneyInput id={`parcela_${i}_valor`} value={p.valor} onChange={(v) => setPropria(i, { valor: v })} /> },
                  {
                    key: 'remover',
                    width: 60,
                    render: (_, _p, i) => <Button type="text" danger aria-label="Remover parcela" icon={<DeleteOutlined />} onClick={() => setProprias((ps) => ps.filter((_x, j) => j !== i))} />,
                  },
                ]}
              />
              <Space style={{ marginTop: 8 }}>
                <Button icon={<PlusOutlined />} onClick={() => setProprias((ps) => [...ps, { key: Date.now() }])}>
                  Adicionar parcela
                </Button>
                {diferenca && !diferenca.isZero() ? (
                  <Alert type="warning" showIcon title={`A soma das parcelas (${formatBRL(somaProprias)}) difere do valor total (${formatBRL(total)}).`} />
                ) : null}
              </Space>
            </>
          )}
        </Card>
        <Card size="small" title="Anexos" style={{ marginBottom: 16 }}>
          <Upload
            multiple
            beforeUpload={(f) => {
              setArquivos((a) => [...a, f]);
              return false;
            }}
            onRemove={(f) => setArquivos((a) => a.filter((x) => x.name !== f.name))}
            fileList={arquivos.map((f, i) => ({ uid: String(i), name: f.name, status: 'done' as const }))}
          >
            <Button icon={<PaperClipOutlined />}>Anexar arquivo</Button>
          </Upload>
        </Card>
      </SchemaForm>
    </div>
  );
}
