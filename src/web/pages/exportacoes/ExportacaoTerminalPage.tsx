import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, InputNumber, Row, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { baixarArquivo, problemasDoErro } from './baixar.ts';

interface Config {
  terminalAtivo: boolean;
  terminalPorta: number;
  escutando: boolean;
  erro: string | null;
}

/**
 * pages/exportacoes-fiscais/exportacao-para-terminal: the price-check terminals (Gertec TC 506 / Busca Preço
 * G2). The price file to download, and the branch's embedded server (on-premise) the terminals query over TCP.
 */
export default function ExportacaoTerminalPage() {
  const [c, setC] = useState<Config | null>(null);
  const [salvando, setSalvando] = useState(false);
  useEffect(() => {
    void api.get<Config>('ExportacaoTerminal/configuracao').then((r) => setC(r.data), showError);
  }, []);
  if (!c) return <Spin />;
  const salvar = async () => {
    setSalvando(true);
    try {
      const r = await api.put<Config>('ExportacaoTerminal/configuracao', { terminalAtivo: c.terminalAtivo, terminalPorta: c.terminalPorta });
      setC(r.data);
      toast('success', 'Configuração do terminal salva.');
    } catch (e) {
      showError(e);
    } finally {
      setSalvando(false);
    }
  };
  const baixar = async () => {
    try {
      await baixarArquivo('ExportacaoTerminal/PRICETAB.TXT', 'PRICETAB.TXT');
    } catch (e) {
      const p = await problemasDoErro(e);
      toast('error', p.mensagem);
    }
  };
  return (
    <div>
      <PageTitle>Exportação para terminal</PageTitle>
      <Card size="small" title="Arquivo de preços">
        <Typography.Paragraph type="secondary">Código de barras, descrição e preço de cada produto ativo (PRICETAB.TXT, ISO-8859-1), para o programa do terminal.</Typography.Paragraph>
        <Button icon={<DownloadOutlined />} onClick={baixar}>
          Baixar arquivo de preços
        </Button>
      </Card>
      <Card size="small" title="Servidor de consulta de preços (Gertec TC 506 / Busca Preço G2)" style={{ marginTop: 12 }}>
        <Row gutter={12} align="middle">
          <Col span={6}>
            <Switch aria-label="Servidor ligado" checked={c.terminalAtivo} onChange={(v) => setC({ ...c, terminalAtivo: v })} /> <span>Servidor ligado nesta filial</span>
          </Col>
          <Col span={6}>
            <div>Porta TCP</div>
            <InputNumber aria-label="Porta TCP" min={1024} max={65535} value={c.terminalPorta} onChange={(v) => setC({ ...c, terminalPorta: v ?? 6500 })} />
          </Col>
        </Row>
        <div style={{ marginTop: 12 }}>
          {c.erro ? <Alert type="error" showIcon message={c.erro} /> : c.escutando ? <Alert type="success" showIcon message={`Atendendo os terminais na porta ${c.terminalPorta}.`} /> : <Alert type="info" showIcon message="Servidor desligado: os terminais não recebem preços desta filial." />}
        </div>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          Configure no terminal o IP deste servidor e a porta acima (o padrão dos terminais é 6500).
        </Typography.Paragraph>
        <Button type="primary" style={{ marginTop: 12 }} onClick={salvar} loading={salvando}>
          Salvar
        </Button>
      </Card>
    </div>
  );
}
