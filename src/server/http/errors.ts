/** LoopBack-style error body: { error: { statusCode, name, message, details } }, messages in Portuguese. */
export interface ErrorDetail {
  path?: string;
  campo?: string;
  mensagem: string;
  [k: string]: unknown;
}

const NAMES: Record<number, string> = {
  400: 'BadRequestError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  406: 'NotAcceptableError',
  409: 'ConflictError',
  410: 'GoneError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  422: 'UnprocessableEntityError',
  429: 'TooManyRequestsError',
  500: 'InternalServerError',
  502: 'BadGatewayError',
  503: 'ServiceUnavailableError',
};

export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public details?: ErrorDetail[] | Record<string, unknown>,
  ) {
    super(message);
    this.name = NAMES[statusCode] ?? 'Error';
  }
  toBody() {
    return { error: { statusCode: this.statusCode, name: this.name, message: this.message, details: this.details ?? [] } };
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new HttpError(400, message, details);
export const notFound = (message = 'Registro não encontrado.') => new HttpError(404, message);
export const unauthorized = (message = 'Autenticação necessária. Entre no sistema novamente.') => new HttpError(401, message);
export const forbidden = (message = 'Você não tem permissão para realizar esta ação.') => new HttpError(403, message);
export const conflict = (message = 'Registro duplicado, verifique os dados e tente novamente') => new HttpError(409, message);
