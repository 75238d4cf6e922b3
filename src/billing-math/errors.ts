/**
 * The one error billing-math throws: an input that the arithmetic cannot give a meaning to
 * (a NaN, a negative quantity, an unknown frequency, an empty tier list ...). Callers validate
 * their inputs first (the catalog does, with field paths); reaching this error means a bug or
 * a stored value that should never have been accepted, so callers map it to a 500, not a 400.
 */
export class BillingMathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BillingMathError';
  }
}

/**
 * An amount of cents outside the safe-integer range (a line, a sum): its inputs were each valid
 * but too large together (an enormous usage quantity times a price). Callers that bill may tell
 * it from a bug and answer `amount_out_of_range`.
 */
export class AmountOverflowError extends BillingMathError {
  constructor(message: string) {
    super(message);
    this.name = 'AmountOverflowError';
  }
}
