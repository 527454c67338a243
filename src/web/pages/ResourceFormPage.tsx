import { Spin, Typography } from 'antd';
import { camposOcultosDoUsuario } from '../api/session.ts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useBlocker, useLocation, useNavigate, useParams } from 'react-router-dom';
import { mutate } from 'swr';
import { api } from '../api/client.ts';
import { useRecord } from '../api/hooks.ts';
import { fieldMessages, toApiError } from '../api/errors.ts';
import { brandSwitches, useBrand } from '../brand/brand.ts';
import { listPath, type FormMode } from '../renderer/resource-routes.ts';
import { confirmDialog, showError, toast } from '../dialogs/dialogs.tsx';
import { copyOf } from '../renderer/form-schema.ts';
import { SchemaForm } from '../renderer/SchemaForm.tsx';
import type { FromList } from '../renderer/SchemaGrid.tsx';
import type { ResourceDoc } from '../../../generated/schema-types.ts';
import { useBrandDoc } from '../brand/brand-overlay.ts';
import { FormExtras } from './form-extras.tsx';
import { PageTitle } from '../ui/PageTitle.tsx';

export const LEAVE_TITLE = 'Descartar alterações?';
export const LEAVE_TEXT = 'Há alterações não salvas neste formulário. Deseja sair mesmo assim?';

const TITLES: Record<FormMode, string> = { cadastrar: 'Cadastrar', editar: 'Editar', copiar: 'Copiar' };

/** pages/<module>/<resource>/cadastrar | editar/:id | copiar/:id */
export default function ResourceFormPage({ doc: shipped, mode }: { doc: ResourceDoc; mode: FormMode }) {
  // The brand's field labels over the shipped document (src/shared/brand-overlay.ts).
  const doc = useBrandDoc(shipped);
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Back to the list as it was (filters, search, page) when the form was opened from it; else the bare list.
  const voltar = (location.state as FromList | null)?.voltar;
  const back = voltar && (voltar === listPath(doc) || voltar.startsWith(`${listPath(doc)}?`)) ? voltar : listPath(doc);
  const { data: brand } = useBrand();
  const switches = useMemo(() => {
    const s = brandSwitches(brand, doc);
    // Fields the user may not read (readPermissions) are not in the form either; the server keeps their values.
    return { ...s, hidden: new Set([...s.hidden, ...camposOcultosDoUsuario(doc.readPermissions)]) };
  }, [brand, doc]);
  const record = useRecord(doc.endpoint, mode === 'cadastrar' ? null : id, { revalidateOnFocus: false, keepPreviousData: false });
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const [leaving, setLeaving] = useState(false);

  // Leaving a dirty form asks first (SPEC 9 confirm dialog); a saved form leaves freely.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmDialog({ title: LEAVE_TITLE, content: LEAVE_TEXT }).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const h = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', h);
    return () => window.removeEventListener('beforeunload', h);
  }, [dirty]);
  useEffect(() => {
    if (leaving) navigate(back);
  }, [leaving, navigate, back]);

  const save = useCallback(
    async (payload: Record<string, unknown>) => {
      setSaving(true);
      setServerErrors(undefined);
      try {
        if (mode === 'editar') await api.put(`${doc.endpoint}/${id}`, payload);
        else await api.post(doc.endpoint, payload);
        toast('success', `${doc.singular} salv${doc.genero === 'f' ? 'a' : 'o'} com sucesso.`);
        await mutate((key) => typeof key === 'string' && key.includes(`"${doc.endpoint}"`), undefined, { revalidate: true });
        setLeaving(true);
      } catch (err) {
        setServerErrors(fieldMessages(toApiError(err)));
        showError(err);
      } finally {
        setSaving(false);
      }
    },
    [doc, id, mode],
  );

  const initial = mode === 'cadastrar' ? undefined : record.data ? (mode === 'copiar' ? copyOf(doc, record.data) : record.data) : null;
  return (
    <div>
      <PageTitle>{TITLES[mode]} {doc.singular.toLowerCase()}</PageTitle>
      {record.error ? (
        <Typography.Text type="danger">{toApiError(record.error).message}</Typography.Text>
      ) : initial === null ? (
        <Spin />
      ) : (
        <SchemaForm
          key={`${mode}-${id ?? 'novo'}`}
          doc={doc}
          initialData={initial}
          brand={switches}
          serverErrors={serverErrors}
          saving={saving}
          onSubmit={save}
          onCancel={() => navigate(back)}
          onDirtyChange={setDirty}
        />
      )}
      {mode === 'editar' && <FormExtras doc={doc} id={id} />}
    </div>
  );
}
