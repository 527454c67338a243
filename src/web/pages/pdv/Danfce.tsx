import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { formatBRL } from '../../../shared/money.ts';
import { chaveFormatada, type Cupom } from './cupom.ts';

/**
 * The DANFCE on 80 mm paper. On screen it is the preview; `window.print()` prints only this element
 * (pdv.css: @media print hides everything else and sets the page to 80 mm).
 */
export function Danfce({ cupom, largura = 80 }: { cupom: Cupom; largura?: number }) {
  const [qr, setQr] = useState<string>('');
  useEffect(() => {
    let vivo = true;
    QRCode.toDataURL(cupom.qrCode, { margin: 1, width: 180, errorCorrectionLevel: 'M' }).then((u) => vivo && setQr(u)).catch(() => undefined);
    return () => { vivo = false; };
  }, [cupom.qrCode]);
  const contingencia = cupom.situacao === 'offline' || cupom.situacao === 'contingencia';
  return (
    <div className="pdv-danfce" data-testid="danfce" style={{ width: `${largura - 8}mm` }}>
      <div className="c">
        <b>{cupom.emitente.nome}</b>
        {cupom.emitente.cnpj && <div>CNPJ {cupom.emitente.cnpj}{cupom.emitente.ie ? ` IE ${cupom.emitente.ie}` : ''}</div>}
        {cupom.emitente.endereco && <div>{cupom.emitente.endereco}</div>}
        <div>Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica</div>
        {contingencia && <div className="destaque">EMITIDA EM CONTINGÊNCIA<br />Pendente de autorização</div>}
      </div>
      <table>
        <thead><tr><th>Código</th><th>Descrição</th><th>Qtde</th><th>Un</th><th>Vl unit</th><th>Vl total</th></tr></thead>
        <tbody>
          {cupom.itens.map((i, n) => (
            <tr key={n}><td>{i.codigo}</td><td>{i.descricao}</td><td>{i.quantidade.replace('.', ',')}</td><td>{i.unidade}</td><td>{i.precoUnitario.replace('.', ',')}</td><td>{i.total.replace('.', ',')}</td></tr>
          ))}
        </tbody>
      </table>
      <div className="l"><span>Qtde. total de itens</span><span>{cupom.itens.length}</span></div>
      <div className="l"><span>Valor total</span><span>{formatBRL(cupom.totalBruto)}</span></div>
      {cupom.descontos !== '0.00' && <div className="l"><span>Descontos</span><span>{formatBRL(cupom.descontos)}</span></div>}
      <div className="l"><b>Valor a pagar</b><b data-testid="danfce-total">{formatBRL(cupom.total)}</b></div>
      <div className="l"><span>FORMA PAGAMENTO</span><span>VALOR PAGO</span></div>
      {cupom.pagamentos.map((p, n) => <div className="l" key={n}><span>{p.descricao}</span><span>{formatBRL(p.valor)}</span></div>)}
      {cupom.troco !== '0.00' && <div className="l"><span>Troco</span><span data-testid="danfce-troco">{formatBRL(cupom.troco)}</span></div>}
      {cupom.ibsCbs && (
        <div data-testid="danfce-ibscbs">
          <div className="c"><b>IBS E CBS (LC 214/2025)</b></div>
          <div className="l"><span>Base de cálculo IBS/CBS</span><span>{formatBRL(cupom.ibsCbs.vBC)}</span></div>
          <div className="l"><span>IBS (UF {formatBRL(cupom.ibsCbs.vIBSUF)} + Mun. {formatBRL(cupom.ibsCbs.vIBSMun)})</span><span>{formatBRL(cupom.ibsCbs.vIBS)}</span></div>
          <div className="l"><span>CBS</span><span>{formatBRL(cupom.ibsCbs.vCBS)}</span></div>
        </div>
      )}
      <div className="c">
        <div><b>NFC-e nº {cupom.numero} Série {cupom.serie}</b> {cupom.emitidaEm}</div>
        <div>Consulte pela Chave de Acesso em</div>
        <div>{cupom.urlConsulta}</div>
        <div data-testid="danfce-chave">{chaveFormatada(cupom.chaveAcesso)}</div>
        <div>{cupom.cpfCnpj ? `CONSUMIDOR CPF/CNPJ ${cupom.cpfCnpj}` : 'CONSUMIDOR NÃO IDENTIFICADO'}</div>
        {cupom.protocolo && <div>Protocolo de autorização: {cupom.protocolo}</div>}
        {qr && <img src={qr} alt="QR Code da NFC-e" data-qrcode={cupom.qrCode} style={{ width: '35mm', height: '35mm' }} />}
      </div>
    </div>
  );
}
