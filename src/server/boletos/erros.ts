/** A boleto input or code the engine refuses; `campo` names the offending field, the message is for the user. */
export class BoletoInvalido extends Error {
  constructor(
    message: string,
    public campo?: string,
  ) {
    super(message);
    this.name = 'BoletoInvalido';
  }
}
