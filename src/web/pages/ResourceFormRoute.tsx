import type { FormMode } from '../renderer/resource-routes.ts';
import { resourceByName } from '../catalog/registry.ts';
import ResourceFormPage from './ResourceFormPage.tsx';

/** A resource's form route by the document's name: the route tree names it, the documents come with this chunk. */
export default function ResourceFormRoute({ name, mode }: { name: string; mode: FormMode }) {
  return <ResourceFormPage doc={resourceByName(name)!} mode={mode} />;
}
