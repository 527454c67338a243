type Row = Record<string, unknown>;

/**
 * Buttons a document type adds beside its transitions (an order's print, e-mail, copy, quick cliente): what the
 * document form hands them. Its own module, so a type's buttons depend on this and not on the form page that
 * loads them.
 */
export interface DocumentExtrasProps {
  id: number | null;
  data: Row | undefined;
  editable: boolean;
  setPatch: (patch: Row) => void;
}
