import { createHash } from 'node:crypto';
import {
  IMPORT_MAX_ROWS,
  IMPORT_POINTS_MAX,
  emailKey,
  type ImportProblem,
  type ImportResult,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { expiryFor } from '../engine/index.ts';
import { creditPointsMany } from '../engine/index.ts';
import { parseCsv } from './csv.ts';
import {
  findImported,
  findShoppersForImport,
  lockShoppersForImport,
} from './customers-import.repository.ts';
import { EXPORT_BATCH } from './customers-views.ts';
import { createCustomerLookups } from './customers-lookups.ts';

const ID_HEADERS = new Set([
  'customer_id',
  'customer id',
  'salla_id',
  'salla id',
  'id',
  'رقم العميل',
]);
const EMAIL_HEADERS = new Set(['email', 'e-mail', 'البريد الإلكتروني', 'البريد']);
const POINTS_HEADERS = new Set(['points', 'balance', 'النقاط', 'الرصيد']);

interface ImportRow {
  line: number;
  value: string;
  id: number | null;
  email: string | null;
  points: number | null;
}

function readImportFile(text: string): ImportRow[] {
  const rows = parseCsv(text);
  const header = rows[0]?.cells.map((c) => c.trim().toLowerCase()) ?? [];
  const idCol = header.findIndex((h) => ID_HEADERS.has(h));
  const emailCol = header.findIndex((h) => EMAIL_HEADERS.has(h));
  const pointsCol = header.findIndex((h) => POINTS_HEADERS.has(h));
  if ((idCol < 0 && emailCol < 0) || pointsCol < 0) throw new AppError('IMPORT_FILE_INVALID');
  if (rows.length - 1 > IMPORT_MAX_ROWS)
    throw new AppError('IMPORT_FILE_INVALID', {
      issues: [{ path: 'body', code: 'too_many_rows', message: `At most ${IMPORT_MAX_ROWS} rows` }],
    });
  return rows.slice(1).map(({ line, cells }) => {
    const idText = idCol >= 0 ? (cells[idCol] ?? '').trim() : '';
    const emailText = emailCol >= 0 ? (cells[emailCol] ?? '').trim() : '';
    const pointsText = (cells[pointsCol] ?? '').trim();
    const id =
      /^\d{1,18}$/.test(idText) && Number.isSafeInteger(Number(idText)) ? Number(idText) : null;
    const points = /^\d{1,9}$/.test(pointsText) ? Number(pointsText) : null;
    return {
      line,
      value: idText || emailText,
      id: id !== null && id > 0 ? id : null,
      /** The address's key (emailKey): the shopper is found by it, whatever its spelling. */
      email: id === null && emailText.includes('@') ? emailKey(emailText) : null,
      points: points !== null && points >= 1 && points <= IMPORT_POINTS_MAX ? points : null,
    };
  });
}

/**
 * The one ledger key of a shopper's opening balance: the ledger's unique key makes it once per
 * shopper, whatever file brings it. (Until issue 22 the key also named the file's hash, so two
 * files could each bring one: such older rows are found by their kind, under the shopper's lock.)
 */
const openingBalanceKey = (customerId: number) => `import:${customerId}`;

/** Opening balances brought from another loyalty app as a CSV file. */
export function createCustomerImportService(ctx: AppContext) {
  const { db } = ctx;
  const { storeOf } = createCustomerLookups(ctx);

  /**
   * Opening balances from another loyalty app. Every row is checked (shopper known — by Salla id,
   * or by the key of their e-mail and only when one shopper has it —, points a whole number in
   * range, the shopper once in the file, not erased, no opening balance yet); a dry run answers
   * that and writes nothing. Applying locks the file's shoppers (in id order, so two imports
   * never deadlock), checks again under the locks and writes each good row as one `import`
   * ledger row under `import:<shopper>` — one opening balance per shopper, whatever file brings
   * it, also against a concurrent import (docs/decisions/029). The report is what was written:
   * a row another import got to first is listed as `already_imported`.
   */
  async function importBalances(input: {
    merchantId: number;
    csv: string;
    dryRun: boolean;
  }): Promise<ImportResult> {
    const { merchantId, dryRun } = input;
    const merchant = await storeOf(merchantId);
    const fileHash = createHash('sha256').update(input.csv, 'utf8').digest('hex');
    const rows = readImportFile(input.csv);

    const run = async (tx: Executor): Promise<ImportResult> => {
      type Shopper = { id: number; erased: boolean };
      const byId = new Map<number, Shopper>();
      /** Every shopper with that e-mail key: more than one is a row we will not guess. */
      const byEmail = new Map<string, Shopper[]>();
      for (let i = 0; i < rows.length; i += EXPORT_BATCH) {
        const batch = rows.slice(i, i + EXPORT_BATCH);
        const found = await findShoppersForImport(
          tx,
          merchantId,
          batch.flatMap((r) => (r.id !== null ? [r.id] : [])),
          batch.flatMap((r) => (r.email !== null ? [r.email] : [])),
        );
        for (const s of found) {
          if (byId.has(s.id)) continue;
          const shopper = { id: s.id, erased: s.erased };
          byId.set(s.id, shopper);
          if (s.emailKey) byEmail.set(s.emailKey, [...(byEmail.get(s.emailKey) ?? []), shopper]);
        }
      }
      const resolved = rows.map((row) => {
        if (row.id !== null) return { row, shopper: byId.get(row.id), ambiguous: false };
        const matches = row.email !== null ? (byEmail.get(row.email) ?? []) : [];
        return {
          row,
          shopper: matches.length === 1 ? matches[0] : undefined,
          ambiguous: matches.length > 1,
        };
      });
      const shopperIds = [
        ...new Set(resolved.flatMap((r) => (r.shopper ? [r.shopper.id] : []))),
      ].sort((a, b) => a - b);
      if (!dryRun)
        // Under these locks nobody else can give these shoppers an opening balance or erase them.
        for (let i = 0; i < shopperIds.length; i += EXPORT_BATCH)
          for (const locked of await lockShoppersForImport(
            tx,
            merchantId,
            shopperIds.slice(i, i + EXPORT_BATCH),
          ))
            byId.get(locked.id)!.erased = locked.erased;
      const imported = new Set<number>();
      for (let i = 0; i < shopperIds.length; i += EXPORT_BATCH)
        for (const id of await findImported(tx, merchantId, shopperIds.slice(i, i + EXPORT_BATCH)))
          imported.add(id);

      const problems: ImportResult['problems'] = [];
      const good: { line: number; value: string; customerId: number; points: number }[] = [];
      const seen = new Set<number>();
      const problemOf = (line: number, problem: ImportProblem, value: string) =>
        problems.push({ line, problem, value: value.slice(0, 200) });
      for (const { row, shopper, ambiguous } of resolved) {
        const problem =
          row.id === null && row.email === null
            ? 'missing_shopper'
            : row.points === null
              ? 'bad_number'
              : ambiguous
                ? 'ambiguous_shopper'
                : !shopper
                  ? 'unknown_shopper'
                  : seen.has(shopper.id)
                    ? 'duplicate_in_file'
                    : shopper.erased
                      ? 'erased_shopper'
                      : imported.has(shopper.id)
                        ? 'already_imported'
                        : null;
        if (shopper) seen.add(shopper.id);
        if (problem) problemOf(row.line, problem, row.value);
        else
          good.push({
            line: row.line,
            value: row.value,
            customerId: shopper!.id,
            points: row.points!,
          });
      }
      let written = good;
      if (!dryRun) {
        const at = ctx.now();
        const expiresAt = expiryFor(merchant, at);
        const credited = new Set<number>();
        for (let i = 0; i < good.length; i += EXPORT_BATCH)
          for (const row of await creditPointsMany(
            tx,
            merchantId,
            good.slice(i, i + EXPORT_BATCH).map((g) => ({
              customerId: g.customerId,
              points: g.points,
              kind: 'import',
              sourceType: 'import',
              sourceId: fileHash,
              idempotencyKey: openingBalanceKey(g.customerId),
              note: null,
              expiresAt,
            })),
            at,
          ))
            credited.add(row.customerId);
        // The key holds one opening balance per shopper even where the locks were not taken.
        written = good.filter((g) => credited.has(g.customerId));
        for (const g of good)
          if (!credited.has(g.customerId)) problemOf(g.line, 'already_imported', g.value);
        problems.sort((a, b) => a.line - b.line);
      }
      return {
        dryRun,
        fileHash,
        rows: rows.length,
        good: written.length,
        points: written.reduce((sum, g) => sum + g.points, 0),
        problems,
      };
    };
    return dryRun ? run(db) : db.transaction(run);
  }

  return { importBalances };
}
