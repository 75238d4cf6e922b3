/**
 * billing-math: the pure arithmetic of Tally's billing engine. No Nest, no SQL, no clock:
 * plain inputs (prices, quantities, period bounds, an explicit date) → values with line detail.
 */
export * from './errors';
export * from './money';
export * from './periods';
export * from './zones';
export * from './proration';
export * from './pricing';
export * from './percentage';
export * from './thresholds';
export * from './lines';
export * from './minimum-spend';
export * from './cancellation';
export * from './carry-over';
export * from './discounts';
export * from './credits';
export * from './invoice';
export * from './calendar';
export * from './taxes';
