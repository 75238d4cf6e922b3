/**
 * Property tests: each pricing type, proration and rounding against a DELIBERATELY NAIVE second
 * implementation written here with exact rationals (BigInt numerator / denominator) — graduated
 * pricing unit by unit, volume by a linear search, steps by integer division — plus invariants
 * of discounts and credits.
 */
import fc from 'fast-check';
import {
  AmountCredit,
  Discount,
  GradientTier,
  InvoiceLine,
  Pricing,
  UnitCredit,
  VolumeTier,
  amountLine,
  applyCredits,
  applyDiscounts,
  applyUnitCredits,
  chargeForPeriod,
  creditOrder,
  pricingLines,
  prorationShare,
  roundCents,
  unitPriceLine,
} from './index';

// ----------------------------------------------------------------------------- naive rationals
interface R {
  n: bigint;
  d: bigint;
}
const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  while (b) [a, b] = [b, a % b];
  return a;
};
const r = (n: bigint, d = 1n): R => {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const add = (a: R, b: R) => r(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: R, b: R) => r(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: R, b: R) => r(a.n * b.n, a.d * b.d);
const cmp = (a: R, b: R) => {
  const x = a.n * b.d - b.n * a.d;
  return x < 0n ? -1 : x > 0n ? 1 : 0;
};
const min = (a: R, b: R) => (cmp(a, b) <= 0 ? a : b);
const max = (a: R, b: R) => (cmp(a, b) >= 0 ? a : b);
const ZERO_R = r(0n);
const ONE_R = r(1n);
/** "12.345" / "-0.5" / "7" → exact rational. */
function parse(s: string): R {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new Error(`naive parse: ${s}`);
  const frac = m[3] ?? '';
  const n = BigInt(m[2] + frac) * (m[1] ? -1n : 1n);
  return r(n, 10n ** BigInt(frac.length));
}
/** half away from zero, by integer arithmetic */
function roundHalfAway(x: R): bigint {
  const neg = x.n < 0n;
  const a = neg ? -x.n : x.n;
  const q = (2n * a + x.d) / (2n * x.d);
  return neg ? -q : q;
}
const ceilR = (x: R): bigint => {
  const q = x.n / x.d; // truncates toward zero; x >= 0 here
  return q * x.d === x.n ? q : q + 1n;
};
const eq = (mine: { toFixed(): string }, naive: R) => expect(cmp(parse(mine.toFixed()), naive)).toBe(0);

// ------------------------------------------------------------------------ naive pricing models
function naiveGraduated(tiers: { start: number; end: number | null; price: R; flat: R }[], q: R): R {
  let total = ZERO_R;
  const reached = new Set<number>([0]);
  const units = ceilR(q);
  for (let k = 1n; k <= units; k++) {
    const portion = min(ONE_R, sub(q, r(k - 1n)));
    const tier = tiers.findIndex((t) => BigInt(t.start) <= k - 1n && (t.end === null || k <= BigInt(t.end)));
    total = add(total, mul(portion, tiers[tier].price));
    reached.add(tier);
  }
  for (const i of reached) total = add(total, tiers[i].flat);
  return total;
}

function naiveVolume(tiers: { start: number; end: number | null; price: R; flat: R }[], q: R): R {
  let chosen = -1;
  for (let i = 0; i < tiers.length; i++) {
    const t = tiers[i];
    const above = cmp(q, r(BigInt(t.start))) > 0 || (i === 0 && q.n === 0n);
    const below = t.end === null || cmp(q, r(BigInt(t.end))) <= 0;
    if (above && below) {
      chosen = i;
      break;
    }
  }
  return add(mul(q, tiers[chosen].price), tiers[chosen].flat);
}

const naiveStep = (pricePerStep: R, size: number, q: R) => mul(pricePerStep, r(ceilR(mul(q, r(1n, BigInt(size))))));

// ------------------------------------------------------------------------------- generators
/** a decimal string with up to `scale` decimals */
const decimal = (maxInt: number, maxScale: number) =>
  fc.record({ int: fc.integer({ min: 0, max: maxInt }), scale: fc.integer({ min: 0, max: maxScale }) }).map(({ int, scale }) => {
    const s = String(int).padStart(scale + 1, '0');
    return scale === 0 ? s : `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`;
  });
/** 0 .. 600.999 with 0 to 3 decimals (small enough for the unit-by-unit naive graduated sum) */
const quantity = fc
  .record({ whole: fc.integer({ min: 0, max: 600 }), frac: fc.integer({ min: 0, max: 999 }), scale: fc.integer({ min: 0, max: 3 }) })
  .map(({ whole, frac, scale }) => (scale === 0 ? String(whole) : `${whole}.${String(frac).padStart(3, '0').slice(0, scale)}`));
const price = decimal(100_000, 4);
const tierList = fc
  .array(fc.record({ width: fc.integer({ min: 1, max: 150 }), price, flat: fc.oneof(fc.constant('0'), price) }), {
    minLength: 1,
    maxLength: 5,
  })
  .map((ts) => {
    let start = 0;
    return ts.map((t, i) => {
      const end = i === ts.length - 1 ? null : start + t.width;
      const tier = { start, end, price: t.price, flat: t.flat };
      start = end ?? start;
      return tier;
    });
  });
type T = { start: number; end: number | null; price: string; flat: string };
/** a tier list with a quantity that is often exactly on a tier edge, or just past it */
const tiersAndQuantity = fc.tuple(tierList, quantity, fc.nat(), fc.constantFrom('any', 'edge', 'past')).map(([ts, q, pick, mode]) => {
  if (mode === 'any' || ts.length < 2) return { ts, q };
  const edge = ts[pick % (ts.length - 1)].end!;
  return { ts, q: mode === 'edge' ? String(edge) : `${edge}.001` };
});
const naiveTiers = (ts: T[]) => ts.map((t) => ({ start: t.start, end: t.end, price: parse(t.price), flat: parse(t.flat) }));
const gradient = (ts: T[]): GradientTier[] => ts.map((t) => ({ start: t.start, end: t.end, price_per_unit: t.price, flat_price: t.flat }));
const volume = (ts: T[]): VolumeTier[] =>
  ts.map((t) => ({ total_units_start: t.start, total_units_end: t.end, price_per_unit: t.price, flat_price: t.flat }));
const baseUnits = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200 }));
const billable = (q: R, base: number) => max(ZERO_R, sub(q, r(BigInt(base))));

const RUNS = { numRuns: 300 };

describe('pricing models equal their naive versions', () => {
  it('GRADIENT = unit-by-unit graduated sum with each reached tier’s flat fee', () => {
    fc.assert(
      fc.property(tiersAndQuantity, baseUnits, fc.integer({ min: 0, max: 5000 }), ({ ts, q }, base, basePrice) => {
        const p: Pricing = { pricing_type: 'GRADIENT', gradient_price: gradient(ts), base_units: base, base_price: basePrice };
        eq(chargeForPeriod(p, q).amount, add(r(BigInt(basePrice)), naiveGraduated(naiveTiers(ts), billable(parse(q), base))));
      }),
      RUNS,
    );
  });

  it('VOLUME = all units at the tier found by linear search, plus its flat fee', () => {
    fc.assert(
      fc.property(tiersAndQuantity, fc.oneof(fc.constant(0), baseUnits), ({ ts, q }, base) => {
        const p: Pricing = { pricing_type: 'VOLUME', volume_price: volume(ts), base_units: base };
        eq(chargeForPeriod(p, q).amount, naiveVolume(naiveTiers(ts), billable(parse(q), base)));
      }),
      RUNS,
    );
  });

  it('STEP = price × ceil(quantity / size) by integer division', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 1, max: 1000 }), quantity, baseUnits, (pps, size, q, base) => {
        const p: Pricing = { pricing_type: 'STEP', step_price: { price_per_step: pps, step_size: size }, base_units: base };
        eq(chargeForPeriod(p, q).amount, naiveStep(parse(pps), size, billable(parse(q), base)));
      }),
      RUNS,
    );
  });

  it('FIXED, CUSTOM and SCHEDULED = quantity × the unit price of the period', () => {
    fc.assert(
      fc.property(
        price,
        fc.array(price, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 12 }),
        quantity,
        baseUnits,
        (unit, schedule, index, q, base) => {
          const b = billable(parse(q), base);
          eq(
            chargeForPeriod({ pricing_type: 'FIXED', fixed_price: { price_per_unit: unit }, base_units: base }, q).amount,
            mul(b, parse(unit)),
          );
          eq(
            chargeForPeriod({ pricing_type: 'CUSTOM', custom_price: { preset_price_per_unit: unit }, base_units: base }, q).amount,
            mul(b, parse(unit)),
          );
          const expected = parse(schedule[Math.min(index, schedule.length - 1)]);
          eq(
            chargeForPeriod({ pricing_type: 'SCHEDULED', scheduled_price: { price_per_unit_per_period: schedule }, base_units: base }, q, {
              period_index: index,
            }).amount,
            mul(b, expected),
          );
        },
      ),
      RUNS,
    );
  });

  it('graduated totals never decrease as the quantity grows', () => {
    fc.assert(
      fc.property(tierList, quantity, quantity, (ts, a, b) => {
        const p: Pricing = { pricing_type: 'GRADIENT', gradient_price: gradient(ts) };
        const [lo, hi] = cmp(parse(a), parse(b)) <= 0 ? [a, b] : [b, a];
        expect(chargeForPeriod(p, lo).amount.lessThanOrEqualTo(chargeForPeriod(p, hi).amount)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('rounding and proration equal their naive versions', () => {
  it('roundCents = integer half-away-from-zero rounding of the exact rational', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 6 }), (n, scale) => {
        const x = r(n, 10n ** BigInt(scale));
        const s =
          (n < 0n ? '-' : '') +
          (() => {
            const digits = (n < 0n ? -n : n).toString().padStart(scale + 1, '0');
            return scale ? `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}` : digits;
          })();
        expect(BigInt(roundCents(s))).toBe(roundHalfAway(x));
      }),
      { numRuns: 500 },
    );
  });

  const periodAndChange = fc
    .record({
      start: fc.integer({ min: 0, max: 4e12 }),
      length: fc.integer({ min: 1, max: 4e10 }),
      a: fc.integer({ min: -1e10, max: 5e10 }),
      b: fc.integer({ min: -1e10, max: 5e10 }),
    })
    .map(({ start, length, a, b }) => ({ start, end: start + length, from: start + Math.min(a, b), to: start + Math.max(a, b) }));

  it('a prorated line = round(quantity × price × overlap / length), credit = its negative', () => {
    fc.assert(
      fc.property(periodAndChange, quantity, price, ({ start, end, from, to }, q, p) => {
        const s = prorationShare(new Date(start), new Date(end), new Date(from), new Date(to));
        const overlap = Math.max(0, Math.min(to, end) - Math.max(from, start));
        const exact = mul(mul(parse(q), parse(p)), r(BigInt(overlap), BigInt(end - start)));
        const line = unitPriceLine({ name: 'x', quantity: q, unit_price: p, share: s });
        expect(BigInt(line.amount_cents)).toBe(roundHalfAway(exact));
        expect(unitPriceLine({ name: 'x', quantity: q, unit_price: p, share: s, credit: true }).amount_cents).toBe(-line.amount_cents || 0);
        expect(line.prorated).toBe(overlap !== end - start);
      }),
      { numRuns: 400 },
    );
  });

  it('exact half cents under shares that have no finite decimal (1/3, 1/7 ...) still round away from zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 60 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 50 }),
        (days, k, half) => {
          const m = 2 * half + 1; // odd
          const day = 86_400_000;
          const s = prorationShare(new Date(0), new Date(days * day), new Date(0), new Date(day)); // 1/days
          const line = unitPriceLine({ name: 'x', quantity: days * m, unit_price: `${k}.5`, share: s }); // exactly m × (k + 0.5)
          const exact = mul(r(BigInt(m)), parse(`${k}.5`));
          expect(exact.d).toBe(2n);
          expect(BigInt(line.amount_cents)).toBe(roundHalfAway(exact));
        },
      ),
      RUNS,
    );
  });

  it('a prorated tiered line = round(naive graduated amount × share)', () => {
    fc.assert(
      fc.property(tiersAndQuantity, fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 31 }), ({ ts, q }, len, used) => {
        const day = 86_400_000;
        const s = prorationShare(new Date(0), new Date(len * day), new Date(0), new Date(Math.min(used, len) * day));
        const [lineOut] = pricingLines({
          name: 'x',
          pricing: { pricing_type: 'GRADIENT', gradient_price: gradient(ts) },
          quantity: q,
          share: s,
        });
        const exact = mul(naiveGraduated(naiveTiers(ts), parse(q)), r(BigInt(Math.min(used, len)), BigInt(len)));
        expect(BigInt(lineOut.amount_cents)).toBe(roundHalfAway(exact));
      }),
      RUNS,
    );
  });
});

// ------------------------------------------------------------------- discounts and credits
const pricingIds = fc.constantFrom('pp_a', 'pp_b', 'pp_c', null);
const lineGen = fc
  .record({ cents: fc.integer({ min: -5000, max: 50_000 }), pp: pricingIds })
  .map(({ cents, pp }) => amountLine({ name: 'l', amount: cents, product_pricing_id: pp }));
const DAY0 = Date.UTC(2027, 0, 1);
const maybeDate = fc.option(
  fc.integer({ min: 0, max: 60 }).map((k) => new Date(DAY0 + k * 86_400_000)),
  { nil: null },
);
const discountGen: fc.Arbitrary<Discount> = fc.oneof(
  fc.record({
    name: fc.constant('amount'),
    type: fc.constant('DISCOUNT_AMOUNT' as const),
    amount: fc.integer({ min: 0, max: 60_000 }),
    product_pricing_id: pricingIds,
    expiration_date: maybeDate,
  }),
  fc.record({
    name: fc.constant('percent'),
    type: fc.constant('DISCOUNT_PERCENT' as const),
    percent: decimal(1000, 3).filter((p) => Number(p) <= 1),
    cap: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
    product_pricing_id: pricingIds,
    expiration_date: maybeDate,
  }),
);
const sum = (ls: readonly InvoiceLine[]) => ls.reduce((t, l) => t + l.amount_cents, 0);

describe('discount and credit invariants', () => {
  it('discounts never take a pricing or the invoice below zero, respect caps and expirations', () => {
    fc.assert(
      fc.property(
        fc.array(lineGen, { maxLength: 8 }),
        fc.array(discountGen, { maxLength: 5 }),
        fc.integer({ min: 0, max: 60 }),
        (lines, discounts, day) => {
          const at = new Date(DAY0 + day * 86_400_000);
          const res = applyDiscounts(lines, discounts, at);
          const charges = sum(lines);
          expect(res.charges_cents).toBe(charges);
          expect(res.discount_cents).toBeGreaterThanOrEqual(0);
          expect(res.total_cents).toBe(charges - res.discount_cents);
          expect(res.total_cents).toBeGreaterThanOrEqual(Math.min(0, charges));
          expect(res.discount_cents).toBeLessThanOrEqual(Math.max(0, charges));
          for (const pp of ['pp_a', 'pp_b', 'pp_c']) {
            const own = sum(lines.filter((l) => l.product_pricing_id === pp));
            const after = own + sum(res.lines.filter((l) => l.product_pricing_id === pp));
            expect(after).toBeGreaterThanOrEqual(Math.min(0, own));
          }
          for (const a of res.applied) {
            expect(a.discount_cents).toBeGreaterThan(0);
            expect(a.line.amount_cents).toBe(-a.discount_cents);
            if (a.discount.type === 'DISCOUNT_PERCENT' && a.discount.cap != null)
              expect(a.discount_cents).toBeLessThanOrEqual(a.discount.cap as number);
            if (a.discount.type === 'DISCOUNT_AMOUNT') expect(a.discount_cents).toBeLessThanOrEqual(a.discount.amount as number);
            if (a.discount.expiration_date) expect(at.getTime()).toBeLessThanOrEqual(a.discount.expiration_date.getTime());
          }
          expect(res.applied.length + res.skipped.length).toBe(discounts.length);
        },
      ),
      { numRuns: 400 },
    );
  });

  const creditGen = fc
    .record({
      id: fc.uuid(),
      amount_cents: fc.integer({ min: 0, max: 20_000 }),
      expiration_date: maybeDate,
      created: fc.integer({ min: 0, max: 1e9 }),
    })
    .map(({ created, ...c }): AmountCredit => ({ ...c, created_at: new Date(DAY0 - created) }));

  it('credits: never more than the total or a balance; soonest expiring consumed first', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 60_000 }),
        fc.array(creditGen, { maxLength: 6 }),
        fc.integer({ min: 0, max: 60 }),
        (total, credits, day) => {
          const at = new Date(DAY0 + day * 86_400_000);
          const res = applyCredits(total, credits, at);
          const byId = new Map(credits.map((c) => [c.id, c]));
          expect(res.applied_cents).toBeLessThanOrEqual(Math.max(0, total));
          expect(res.remaining_due_cents).toBe(Math.max(0, total) - res.applied_cents);
          for (const a of res.allocations) {
            const c = byId.get(a.credit_id)!;
            expect(a.amount_cents).toBeGreaterThan(0);
            expect(a.amount_cents + a.remaining_cents).toBe(c.amount_cents);
            expect(c.expiration_date == null || at <= c.expiration_date).toBe(true);
          }
          const usable = creditOrder(credits).filter((c) => c.expiration_date == null || at <= c.expiration_date);
          // a credit is only touched once every usable credit before it is exhausted
          const used = res.allocations.map((a) => a.credit_id);
          const order = usable.filter((c) => c.amount_cents > 0).map((c) => c.id);
          expect(used).toEqual(order.slice(0, used.length));
          for (const a of res.allocations.slice(0, -1)) expect(a.remaining_cents).toBe(0);
          if (res.remaining_due_cents > 0) expect(res.applied_cents).toBe(usable.reduce((t, c) => t + c.amount_cents, 0));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('unit credits: never more units than a line or a credit holds, never more value than the line', () => {
    const unitLine = fc
      .record({ q: quantity, p: price, item: fc.constantFrom('bi_1', 'bi_2') })
      .map(({ q, p, item }) => unitPriceLine({ name: 'u', quantity: q, unit_price: p, item_id: item }));
    const unitCredit = fc
      .record({
        id: fc.uuid(),
        item_id: fc.constantFrom('bi_1', 'bi_2'),
        units: fc.integer({ min: 0, max: 500 }),
        expiration_date: maybeDate,
      })
      .map((c): UnitCredit => ({ ...c, created_at: new Date(DAY0) }));
    fc.assert(
      fc.property(fc.array(unitLine, { maxLength: 5 }), fc.array(unitCredit, { maxLength: 5 }), (lines, credits) => {
        const res = applyUnitCredits(lines, credits, new Date(DAY0));
        lines.forEach((l, i) => {
          const mine = res.allocations.filter((a) => a.line_index === i);
          expect(mine.reduce((t, a) => t + a.units, 0)).toBeLessThanOrEqual(Number(l.quantity));
          const value = mine.reduce((t, a) => t + a.amount_cents, 0);
          expect(value).toBeLessThanOrEqual(Math.max(0, l.amount_cents));
          expect(mine.every((a) => a.amount_cents >= 0)).toBe(true);
        });
        for (const c of credits) {
          expect(res.allocations.filter((a) => a.credit_id === c.id).reduce((t, a) => t + a.units, 0)).toBeLessThanOrEqual(c.units);
        }
        expect(sum(res.lines)).toBe(-res.applied_cents || 0);
      }),
      RUNS,
    );
  });
});
