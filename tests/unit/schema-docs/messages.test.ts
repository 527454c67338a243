import { metaValidator, readJson } from './helpers';

const doc = readJson('messages', 'pt-BR.json');
const texts = new Set(Object.values(doc.messages as Record<string, string>));

// Verbatim texts of SPEC 2, 4, 5, 8 and 9 that the catalogue must hold.
const SPEC_TEXTS = [
  'Carregando...', 'ESQUECI MINHA SENHA', 'Cadastre-se', 'Esqueceu sua senha?', 'Recuperar Senha', 'Cancelar', 'Recupere sua senha',
  'Nova Senha', 'Confirmar Senha', 'Confirmar', 'Entrar', 'Cadastre-se e teste nosso sistema', 'GRATUITAMENTE', 'Já tenho login',
  'Filial: Não informado', 'Acessar conta cliente', 'Relatórios exportados', 'Atualizar', 'Ops, nada encontrado por aqui.',
  'Sem notificações por enquanto.', 'Anterior', 'Próximo', 'Finalizar', 'Processando', 'Finalizado', 'Erro', 'Gerando {name} {FORMAT}...',
  'Campo obrigatório!', 'E-mail inválido.', 'O E-mail é obrigatório!', 'Confirme o E-mail!',
  'Você precisa aceitar os termos de uso e política de privacidade!', 'Informe o nome!', 'O nome da empresa é obrigatório!',
  'O Estado é obrigatório!', 'O telefone é obrigatório!', 'Informe a cidade!', 'Informe o seguimento!', 'Informe o cargo!',
  '(00) 0 0000-0000', '(00) 0000-00009', 'O link utilizado é inválido!', 'Não foi possível determinar a sua origem.',
  'Campo Obrigatório!', 'E-mail inválido!', 'Mínimo {n} caracteres!', 'Máximo {n} caracteres!', 'Os valores não conferem!',
  'Valor mínimo: {n}', 'Valor máximo: {n}', 'Formato inválido!', 'Campo inválido!', 'Documento inválido',
  'Informe no mínimo {n} caracteres!', 'Informe no máximo {n} caracteres!', 'Limite de {n} favoritos',
  'Não é possível favoritar esta página', "O menu '{title}' não pode ser removido dos favoritos",
  'Falha ao entrar no sistema', 'Dados inválidos, verifique e-mail/senha e tente novamente.', 'favor verificar usuário ou senha.',
  'E-mail não encontrado para recuperação de senha!', 'Instruções para recuperar a senha foram enviadas para o e-mail', 'Atenção!',
  'Sua senha foi alterada com sucesso', 'Não foi possível realizar esta ação.', 'Registro duplicado, verifique os dados e tente novamente',
  'Relatório já está sendo processado.', 'Erro ao gerar {name} {FORMAT}', 'o relatório já está sendo processado.',
  'Habilite as janelas pop-up no navegador para concluir a impressão do relatório.',
  'Este relatório já foi exportado recentemente. Deseja abri-lo ou fazer uma nova exportação?', 'Abrir relatório', 'Nova exportação',
  'Não foi possível realizar esta ação', 'Salvar', 'R$ ', '00.000.000/0000-00', 'Relatório', 'Formato', 'Status', 'Data', 'Ações',
];

describe('pt-BR message catalogue', () => {
  it('validates against messages.schema.json', () => {
    expect(metaValidator('messages.schema.json')(doc)).toBeNull();
  });

  it.each(SPEC_TEXTS)('holds the SPEC text %j', (text) => {
    expect(texts.has(text)).toBe(true);
  });

  it('keys the SPEC 5.5 field messages by ajv keyword', () => {
    expect(doc.messages['validacao.campo.required']).toBe('Campo Obrigatório!');
    expect(doc.messages['validacao.campo.minLength']).toBe('Mínimo {n} caracteres!');
    expect(doc.messages['validacao.campo.documentoInvalido']).toBe('Documento inválido');
  });

  it('rejects an unknown placeholder', () => {
    const bad = { ...doc, messages: { 'x.y': 'Olá {usuario}' } };
    expect(metaValidator('messages.schema.json')(bad)).not.toBeNull();
  });
});
