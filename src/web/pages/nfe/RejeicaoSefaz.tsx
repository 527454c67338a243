import { Alert } from 'antd';
import type { CSSProperties } from 'react';

/** A SEFAZ rejection as the issuing screens receive it: code, reason, the help text and the schema errors. */
export interface Rejeicao {
  cStat: string;
  xMotivo: string;
  ajuda: { texto: string; explicacao: string; comoCorrigir: string };
  erros?: { caminho: string; mensagem: string }[];
}

/** The rejection shown to the person who issued: what SEFAZ said, what it means, how to fix it. */
export function RejeicaoSefaz({ rejeicao, testId, style, rotulo = 'Rejeição' }: { rejeicao: Rejeicao; testId: string; style?: CSSProperties; rotulo?: string }) {
  return (
    <Alert
      data-testid={testId}
      type="error"
      showIcon
      style={style}
      title={`${rotulo} ${rejeicao.cStat}: ${rejeicao.xMotivo}`}
      description={
        <div>
          <p>{rejeicao.ajuda.explicacao}</p>
          <p>
            <b>Como corrigir:</b> {rejeicao.ajuda.comoCorrigir}
          </p>
          {rejeicao.erros?.map((e, i) => (
            <div key={i}>
              {e.caminho}: {e.mensagem}
            </div>
          ))}
        </div>
      }
    />
  );
}
