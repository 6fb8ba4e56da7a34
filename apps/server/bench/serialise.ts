/**
 * npx tsx apps/server/bench/serialise.ts — the cost of writing one answer:
 * JSON.stringify against fast-json-stringify compiled from the route's
 * declared schema (the envelope around a page of posts), for pages of 10 and
 * 1,000 rows. CPU only, no network: what the API bench cannot separate from
 * the database's time on a busy machine.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Envelope, Page, postEntity, recordOf, sharedSchemas } from '@property/domain';

const schema = Envelope(Page(recordOf(postEntity)));
const external = Object.fromEntries([...sharedSchemas()].map(([id, s]) => [id, s]));
const compile = SerializerSelector()(external, {});
const serialise = compile({ schema, method: 'GET', url: '/bench', httpStatus: '200' } as never) as (data: unknown) => string;

const post = (i: number) => ({
  id: String(1_000_000_000_000_000_000 + i),
  createUser: '1123598821738675201',
  createDept: '1123598813738675201',
  createTime: '2026-11-20 10:00:00',
  updateUser: '1123598821738675201',
  updateTime: '2026-11-20 10:00:00',
  status: 1,
  isDeleted: 0,
  tenantId: '000000',
  category: 1 + (i % 4),
  postCode: `P${i}`,
  postName: `岗位${i}`,
  sort: i % 100,
  remark: i % 3 ? null : '备注',
});
const answer = (rows: number) => ({
  code: 200,
  success: true,
  data: {
    records: Array.from({ length: rows }, (_, i) => post(i)),
    total: 100_000,
    size: rows,
    current: 1,
    pages: 10,
    searchCount: true,
  },
  msg: '操作成功',
});

function rate(write: (data: unknown) => string, data: unknown, ms = 1500): number {
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) write(data);
    n += 50;
  }
  return (n / ms) * 1000;
}

if (serialise(answer(10)) !== JSON.stringify(answer(10))) throw new Error('the schema writes another JSON than JSON.stringify');
console.log('rows  | JSON.stringify /s | schema /s | schema ÷ JSON (median of 5 alternating runs)');
for (const rows of [10, 1000]) {
  const data = answer(rows);
  const plain: number[] = [];
  const declared: number[] = [];
  for (let round = 0; round < 5; round++) {
    plain.push(rate(JSON.stringify, data));
    declared.push(rate(serialise, data));
  }
  const median = (v: number[]) => v.sort((a, b) => a - b)[2]!;
  console.log(
    `${String(rows).padStart(5)} | ${median(plain).toFixed(0).padStart(17)} | ${median(declared).toFixed(0).padStart(9)} | ${(median(declared) / median(plain)).toFixed(2)}`,
  );
}
