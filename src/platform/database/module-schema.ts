import type { MigrationInterface } from 'typeorm';

/** What one module contributes to the database: its entities and its migrations (its `<module>.schema.ts`). */
export interface ModuleSchema {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: Function[];
  migrations: (new () => MigrationInterface)[];
}

/**
 * The schema of the whole service: every module's entities and migrations. The composition root
 * (`src/schema.ts`) builds it; platform's database code (data-source options, migrate, connect)
 * receives it and imports no module. Its migrations are in timestamp order.
 */
export type DatabaseSchema = ModuleSchema;

/** Gathers module schemas into one; migrations sorted by their timestamp suffix, whatever module they come from. */
export function combineSchemas(schemas: readonly ModuleSchema[]): DatabaseSchema {
  return {
    entities: schemas.flatMap((s) => s.entities),
    migrations: schemas
      .flatMap((s) => s.migrations)
      .sort((a, b) => Number(/(\d+)$/.exec(a.name)?.[1] ?? 0) - Number(/(\d+)$/.exec(b.name)?.[1] ?? 0)),
  };
}
