import type { BrandResolver } from './brands/brand-resolver.ts';
import type { Db } from './db/db.ts';
import type { ResourceRegistry } from './resources/registry.ts';
import type { ResourceService } from './resources/resource-service.ts';

/** What every module plugin receives: one database, the brand resolver and the resource documents. */
export interface AppServices {
  db: Db;
  brands: BrandResolver;
  registry: ResourceRegistry;
  resources: ResourceService;
}
