// Each table has one owning module (apps/api/src/db/table-owners.json): only that module's files
// may write it — a Drizzle `insert(t)`, `update(t)` or `delete(t)`, or SQL text that inserts into,
// updates or deletes from it. Everyone else asks the owner through its front door
// (docs/decisions/016). Reads are not checked.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const apiSrc = join(root, 'apps/api/src');
const owners = JSON.parse(readFileSync(join(apiSrc, 'db/table-owners.json'), 'utf8'));

/** Drizzle export name → SQL table name, read from the schema files. */
const tableOfExport = new Map();
for (const file of readdirSync(join(apiSrc, 'db/schema'))) {
  const text = readFileSync(join(apiSrc, 'db/schema', file), 'utf8');
  for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g))
    tableOfExport.set(m[1], m[2]);
}
/** table → { owner, writers }: the owner and the modules granted a write (with a reason). */
const rules = new Map(
  Object.entries(owners)
    .filter(([table]) => !table.startsWith('$'))
    .map(([table, entry]) => {
      const owner = typeof entry === 'string' ? entry : entry.owner;
      const grants = typeof entry === 'string' ? {} : (entry.grants ?? {});
      return [table, { owner, writers: new Set([owner, ...Object.keys(grants)]) }];
    }),
);
for (const table of tableOfExport.values())
  if (!rules.has(table)) throw new Error(`table-owners.json names no owner for table ${table}`);

/** The module (or top directory of apps/api/src) a file belongs to. */
function ownerOf(filename) {
  const rel = relative(apiSrc, filename);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(sep);
  return parts[0] === 'modules' ? parts[1] : parts[0];
}

const WRITE_SQL = /\b(?:insert\s+into|update|delete\s+from)\s+("?)([a-z_][a-z0-9_]*)\1/gi;
const WRITE_BEFORE_TABLE = /\b(?:insert\s+into|update|delete\s+from)\s*$/i;

export default {
  rules: {
    'table-owners': {
      meta: {
        type: 'problem',
        docs: { description: 'Only the owning module writes a table.' },
        schema: [],
        messages: {
          notOwner:
            'Table {{table}} belongs to module "{{owner}}": write it through {{owner}}\'s front door, not from "{{module}}".',
        },
      },
      create(context) {
        const module = ownerOf(context.filename);
        if (!module) return {};
        /** Local names bound to tables imported from db/schema. */
        const tables = new Map();
        const check = (node, table) => {
          const rule = rules.get(table);
          if (rule && !rule.writers.has(module))
            context.report({
              node,
              messageId: 'notOwner',
              data: { table, owner: rule.owner, module },
            });
        };
        const checkText = (node, text) => {
          for (const m of text.matchAll(WRITE_SQL)) check(node, m[2].toLowerCase());
        };
        return {
          ImportDeclaration(node) {
            if (!/\/db\/schema(\/|$|\.ts$|\/index\.ts$)/.test(node.source.value)) return;
            for (const spec of node.specifiers) {
              const imported = spec.type === 'ImportSpecifier' ? spec.imported.name : null;
              const table = imported && tableOfExport.get(imported);
              if (table) tables.set(spec.local.name, table);
            }
          },
          CallExpression(node) {
            const callee = node.callee;
            if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
            if (!['insert', 'update', 'delete'].includes(callee.property.name)) return;
            const arg = node.arguments[0];
            if (arg?.type === 'Identifier' && tables.has(arg.name))
              check(node, tables.get(arg.name));
          },
          TaggedTemplateExpression(node) {
            const { quasis, expressions } = node.quasi;
            expressions.forEach((expr, i) => {
              if (
                expr.type === 'Identifier' &&
                tables.has(expr.name) &&
                WRITE_BEFORE_TABLE.test(quasis[i].value.raw)
              )
                check(expr, tables.get(expr.name));
            });
          },
          TemplateElement(node) {
            checkText(node, node.value.raw);
          },
          Literal(node) {
            if (typeof node.value === 'string') checkText(node, node.value);
          },
        };
      },
    },
  },
};
