/** What the development tools' own calls answer beyond the generic shapes (spec §7.9 /blade-develop). */
import { recordOf } from '../../contract/records';
import { NullableText, Obj, Type } from '../../contract/schema';
import { codeEntity } from './develop.entity';

/** A data source answered (datasource/test): the server's version and database, and how long connecting took. */
export const ConnectionTest = Obj({
  version: Type.String({ description: 'the server’s version, e.g. PostgreSQL 15.20' }),
  database: Type.String({ description: 'the database connected to' }),
  elapsedMs: Type.Integer({ minimum: 0, description: 'milliseconds from connecting to the answer' }),
});

/** A table of a data source, for the model form's picker (model/table-list). */
export const SourceTable = Obj({
  tableName: Type.String({ description: 'schema.table outside the current schema, else the table' }),
  comment: NullableText('the table’s comment'),
});

/** What reading a model's columns did (model/load-columns): the columns read, and the prototypes added, updated and removed. */
export const ColumnsLoaded = Obj({
  table: Type.String(),
  total: Type.Integer({ minimum: 0 }),
  added: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  removed: Type.Integer({ minimum: 0 }),
});

/** The copy code/copy made. */
export const CodeCopy = recordOf(codeEntity);
