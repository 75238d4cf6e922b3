/** The only source of "now" for business code, so tests and billing runs can fix time. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that stays where it is set; for tests and for `billing run --now`. */
export class FixedClock extends Clock {
  constructor(private instant: Date) {
    super();
  }
  now(): Date {
    return new Date(this.instant.getTime());
  }
  set(instant: Date): void {
    this.instant = new Date(instant.getTime());
  }
  advance(ms: number): void {
    this.instant = new Date(this.instant.getTime() + ms);
  }
}
