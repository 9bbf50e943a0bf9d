import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { AppServices } from '../context.ts';
import { hearChangesOf } from './changes.ts';

/**
 * Counts the SQL statements a use-case sends, so a test can hold a page to a fixed number of
 * queries whatever the size of the data (no N+1). Counted as their results come: a statement
 * compiled once and sent many times (the session's) counts each time.
 */
export class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count += 1;
    return args.result;
  }
}

/** The same services with a database handle that counts what goes through it. */
export function countingServices(services: AppServices): { services: AppServices; counter: QueryCounter } {
  const counter = new QueryCounter();
  const db = services.db.withPlugin(counter);
  // Another handle on the same database: what it keeps hears the same changes.
  hearChangesOf(db, services.db);
  return { services: { ...services, db }, counter };
}
