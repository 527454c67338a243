import { resourceByName } from '../catalog/registry.ts';
import ResourceListPage from './ResourceListPage.tsx';

/** A resource's list route by the document's name: the route tree names it, the documents come with this chunk. */
export default function ResourceListRoute({ name }: { name: string }) {
  return <ResourceListPage doc={resourceByName(name)!} />;
}
