import { Button, Empty, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

export const EMPTY_TITLE = 'Ops, nada encontrado por aqui.';

/** One action button of the empty-page block (SPEC 3 'Empty page': nome, icone, classe, funcao). */
export interface EmptyAction {
  nome: string;
  icone?: ReactNode;
  classe?: string;
  funcao: () => void;
}

export interface EmptyBlockProps {
  titulo?: string;
  descricao?: string;
  /** Address of an image shown instead of the plain one. */
  img?: string;
  /** Numbered steps that lead to a first record. */
  passos?: string[];
  acoes?: EmptyAction[];
  /** Lines of information under the steps. */
  informacoes?: string[];
}

/** The SPEC 2.10 empty-page block: title (default 'Ops, nada encontrado por aqui.'), description, image, steps, information lines and actions. */
export function EmptyBlock({ titulo = EMPTY_TITLE, descricao, img, passos, acoes, informacoes }: EmptyBlockProps) {
  return (
    <Empty
      className="bloco-vazio"
      image={img ?? Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Text strong>{titulo}</Typography.Text>
          {descricao ? <div>{descricao}</div> : null}
          {passos?.length ? (
            <ol className="bloco-vazio-passos" style={{ textAlign: 'left', display: 'inline-block', margin: '8px 0 0' }}>
              {passos.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ol>
          ) : null}
          {informacoes?.map((i) => (
            <div key={i}>
              <Typography.Text type="secondary">{i}</Typography.Text>
            </div>
          ))}
        </>
      }
    >
      {acoes?.length ? (
        <Space wrap>
          {acoes.map((a) => (
            <Button key={a.nome} className={a.classe} icon={a.icone} onClick={a.funcao}>
              {a.nome}
            </Button>
          ))}
        </Space>
      ) : null}
    </Empty>
  );
}
