/**
 * The fiscal module's public face: what other modules and the demo seed (src/server/demo) may call — the branch's A1
 * certificate, NF-e drafts and their transmission, and the parts that build, sign and send an NF-e to the SEFAZ
 * (the demo's suppliers issue theirs with them). app.ts registers the routes from their own files.
 */
export { gravarCertificado } from './emissao/certificados.ts';
export { salvarRascunho, transmitirNotaFiscal } from './emissao/notas.ts';
export { lerCertificadoA1, type CertificadoA1 } from './certificado.ts';
export { assinadorDe } from './assinatura-xml.ts';
export { montarNfe } from './nfe.ts';
export { criarClienteSefaz, destinoConfigurado } from './sefaz-destino.ts';
