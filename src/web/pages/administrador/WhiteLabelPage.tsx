import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Spin, Switch, Typography, Upload } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import useSWR, { mutate } from 'swr';
import themes from '../../../../schemas/brands/themes.json';
import { api } from '../../api/client.ts';
import { BRAND_KEY, type BrandConfig } from '../../brand/brand.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { AparenciaEditor } from './AparenciaEditor.tsx';
import { readAsDataUrl } from '../../api/files.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';

/** Why the colour picker is greyed out: it only applies with the 'custom' theme (themes.json 'Personalizado'). */
export const CUSTOM_COLOUR_HINT = "Usada só com o tema 'Personalizado': escolha esse tema para editar a cor.";

interface AdminBrand {
  id: number;
  nome: string;
  dominios: string[];
  padrao: boolean;
  config: Record<string, any>;
}

const IMAGES = [
  { tipo: 'logo', title: 'Logo' },
  { tipo: 'logo_branca', title: 'Logo branca' },
  { tipo: 'favicon', title: 'Favicon' },
] as const;

/** The sign-up field switches of SPEC 3 misc, with their defaults (CPF/CNPJ hidden, the rest shown). */
const SWITCHES: { key: string; title: string; padrao: boolean }[] = [
  { key: 'exibirNomeUsuarioTelaCadastro', title: 'Nome do usuário no cadastro', padrao: true },
  { key: 'exibirNomeEmpresaTelaCadastro', title: 'Nome da empresa no cadastro', padrao: true },
  { key: 'exibirCpfCnpjTelaCadastro', title: 'CPF/CNPJ no cadastro', padrao: false },
  { key: 'exibirTelefoneTelaCadastro', title: 'Telefone no cadastro', padrao: true },
  { key: 'exibirRegimeTelaCadastro', title: 'Regime tributário no cadastro', padrao: true },
];

/** The sign-up screen itself, fed the configuration being edited: the preview is the real form, not a copy. */
const SignUpPage = lazy(() => import('../../auth/SignUpPage.tsx'));

export const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/svg+xml';

/**
 * administrador/configuracoes/whitelabel: the brand's title, theme, sign-up texts and switches, documents and
 * images (POST ConfigWhiteLabels/upload), saved with PUT ConfigWhiteLabels/{id}, which validates the whole
 * configuration with schemas/meta/brand.schema.json.
 */
export default function WhiteLabelPage() {
  const list = useSWR('admin-whitelabel', async () => (await api.get<AdminBrand[]>('ConfigWhiteLabels')).data);
  const [brandId, setBrandId] = useState<number | null>(null);
  const brand = list.data?.find((b) => b.id === brandId) ?? list.data?.[0];
  const [config, setConfig] = useState<Record<string, any> | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);

  // Loaded once per brand: a refresh after an upload keeps what is being typed.
  const loadedId = brand?.id;
  useEffect(() => {
    if (brand) setConfig(structuredClone(brand.config ?? {}));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedId]);

  if (list.error) return <Alert type="error" showIcon message="Não foi possível carregar a configuração da marca." />;
  if (!brand || !config) return <Spin />;

  const misc = (config.misc ?? {}) as Record<string, unknown>;
  const setMisc = (k: string, v: unknown) => setConfig((c) => ({ ...c, misc: { ...(c?.misc ?? {}), [k]: v } }));
  const setDoc = (k: string, v: string) => setConfig((c) => ({ ...c, documentos: { ...(c?.documentos ?? {}), [k]: v } }));
  const refresh = async () => {
    await list.mutate();
    await mutate(BRAND_KEY);
  };

  const save = async () => {
    setSaving(true);
    try {
      const clean = structuredClone(config);
      for (const k of ['textoDestaqueCadastro', 'textoAlertaCadastro']) if (clean.misc && !clean.misc[k]) delete clean.misc[k];
      await api.put(`ConfigWhiteLabels/${brand.id}`, { nome: brand.nome, dominios: brand.dominios, padrao: brand.padrao, config: clean });
      toast('success', 'Configuração da marca salva com sucesso.');
      await refresh();
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  const upload = async (tipo: string, file: File | undefined) => {
    if (!file) return;
    setUploading(tipo);
    try {
      const arquivo = await readAsDataUrl(file);
      const r = (await api.post<{ url: string }>('ConfigWhiteLabels/upload', { tipo, arquivo, configWhiteLabel: brand.id })).data;
      // Only this form takes the new address now (what is being typed stays); the app's brand follows on Salvar.
      setConfig((c) => ({ ...c, imagens: { ...(c?.imagens ?? {}), [tipo]: r.url } }));
      toast('success', 'Imagem enviada com sucesso.');
    } catch (err) {
      showError(err);
    } finally {
      setUploading(null);
    }
  };

  return (
    <div className="admin-whitelabel">
      <PageTitle>White label</PageTitle>
      {list.data && list.data.length > 1 ? (
        <Select style={{ minWidth: 260, marginBottom: 16 }} value={brand.id} onChange={(v: number) => setBrandId(v)} options={list.data.map((b) => ({ value: b.id, label: b.nome }))} />
      ) : null}
      <Form layout="vertical" onFinish={save}>
        <Card size="small" title="Identidade" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Título" htmlFor="wl-title">
                <Input id="wl-title" maxLength={80} value={config.title ?? ''} onChange={(e) => setConfig((c) => ({ ...c, title: e.target.value }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label="Tema" htmlFor="wl-tema">
                <Select id="wl-tema" value={config.tema ?? themes.default} onChange={(v: string) => setConfig((c) => ({ ...c, tema: v }))} options={themes.themes.map((t) => ({ value: t.name, label: t.title }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label="Cor personalizada" htmlFor="wl-cor" extra={config.tema !== 'custom' ? CUSTOM_COLOUR_HINT : undefined}>
                <Input id="wl-cor" type="color" disabled={config.tema !== 'custom'} value={String(misc.customThemeColor ?? '#707070')} onChange={(e) => setMisc('customThemeColor', e.target.value)} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            {IMAGES.map(({ tipo, title }) => (
              <Col key={tipo} xs={24} md={8}>
                <Form.Item label={title} htmlFor={`wl-imagem-${tipo}`}>
                  <Space direction="vertical">
                    {config.imagens?.[tipo] ? <img src={config.imagens[tipo]} alt={title} data-testid={`imagem-${tipo}`} style={{ maxHeight: 48, maxWidth: 200, background: tipo === 'logo_branca' ? '#333' : undefined }} /> : <Typography.Text type="secondary">Sem imagem</Typography.Text>}
                    <Upload
                      id={`wl-imagem-${tipo}`}
                      accept={ACCEPTED_IMAGES}
                      showUploadList={false}
                      disabled={uploading === tipo}
                      beforeUpload={(file) => {
                        void upload(tipo, file);
                        // The file goes through ConfigWhiteLabels/upload above, not antd's own request.
                        return false;
                      }}
                    >
                      <Button icon={<UploadOutlined />} loading={uploading === tipo}>
                        {config.imagens?.[tipo] ? 'Trocar imagem' : 'Escolher imagem'}
                      </Button>
                    </Upload>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      PNG, JPEG ou SVG, até 512 KB.
                    </Typography.Text>
                  </Space>
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>
        <Card size="small" title="Cadastro" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label="Cadastro habilitado">
                <Switch checked={config.cadastroHabilitado !== false} onChange={(v) => setConfig((c) => ({ ...c, cadastroHabilitado: v }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Texto de destaque" htmlFor="wl-destaque">
                <Input id="wl-destaque" value={String(misc.textoDestaqueCadastro ?? '')} onChange={(e) => setMisc('textoDestaqueCadastro', e.target.value)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Texto de alerta" htmlFor="wl-alerta">
                <Input id="wl-alerta" value={String(misc.textoAlertaCadastro ?? '')} onChange={(e) => setMisc('textoAlertaCadastro', e.target.value)} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            {SWITCHES.map((s) => (
              <Col key={s.key} xs={24} md={8}>
                <Form.Item label={s.title}>
                  <Switch checked={misc[s.key] === undefined ? s.padrao : misc[s.key] === true} onChange={(v) => setMisc(s.key, v)} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>
        <Card size="small" title="Documentos" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Termos de uso (endereço)" htmlFor="wl-termo">
                <Input id="wl-termo" value={config.documentos?.termoUso ?? ''} onChange={(e) => setDoc('termoUso', e.target.value)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Política de privacidade (endereço)" htmlFor="wl-politica">
                <Input id="wl-politica" value={config.documentos?.politicaPrivacidade ?? ''} onChange={(e) => setDoc('politicaPrivacidade', e.target.value)} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Button type="primary" htmlType="submit" loading={saving}>
          Salvar
        </Button>
      </Form>
      <Card size="small" title="Prévia do cadastro" style={{ margin: '16px 0' }}>
        <Typography.Paragraph type="secondary">Como a tela de cadastro fica com os textos e campos acima, antes de salvar.</Typography.Paragraph>
        <div className="whitelabel-previa-cadastro" style={{ maxWidth: 420, border: '1px solid #f0f0f0', borderRadius: 8, padding: 16 }}>
          <Suspense fallback={<Spin />}>
            <SignUpPage previa={config as BrandConfig} />
          </Suspense>
        </div>
      </Card>
      <AparenciaEditor key={brand.id} configWhiteLabel={brand.id} />
    </div>
  );
}
