import { Alert, List } from 'antd';
import { Link } from 'react-router-dom';

export interface Problema {
  mensagem: string;
  rota: string;
  linha?: number;
  registro?: string;
}

/** Each problem in Portuguese with a link to the document or register where it is fixed. */
export function ListaProblemas({ titulo, tipo, itens, testId }: { titulo: string; tipo: 'error' | 'warning'; itens: Problema[]; testId: string }) {
  if (!itens.length) return null;
  return (
    <Alert
      type={tipo}
      showIcon
      title={titulo}
      data-testid={testId}
      description={
        <List
          size="small"
          dataSource={itens}
          renderItem={(p, i) => (
            <List.Item key={i} data-testid={`${testId}-item`}>
              <span>
                {p.linha ? `Linha ${p.linha}${p.registro ? ` (registro ${p.registro})` : ''}: ` : ''}
                {p.mensagem} <Link to={p.rota}>Corrigir</Link>
              </span>
            </List.Item>
          )}
        />
      }
    />
  );
}
