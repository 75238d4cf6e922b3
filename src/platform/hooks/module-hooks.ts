import type { OnApplicationBootstrap } from '@nestjs/common';

/** How a hook is declared: the module that fills it, and (optionally) the name start-up errors give it. */
export interface HookDeclaration {
  /** The module that fills the hook, e.g. `'PaymentsModule'`. */
  filledBy: string;
  /** The hook's name in messages (the key when absent). */
  label?: string;
}

/**
 * The one mechanism by which a module calls a module above it (modules import only downward).
 *
 * The lower module declares its hooks in one injectable class, `<module>.hooks.ts`, extending
 * this one: an interface of named hooks (each an object with the methods it needs) and, for each,
 * the module that fills it. It exports that class. An upper module fills the hook while the
 * application initialises (`onModuleInit`: `hooks.fill('name', this)`), and the lower module
 * calls it through `hooks.get('name')` (or a getter of its hooks class).
 *
 * At application bootstrap every declared hook must be filled: a missing one stops the start
 * with an Error naming the module and the hook ("InvoicingModule: hooks not provided: credits
 * (CreditsModule) — …"). It never fails at first use instead. A hook filled twice with two
 * different values is an error too.
 *
 * ```ts
 * interface InvoicingHookSet { credits: InvoiceCreditsHook }
 * @Injectable()
 * export class InvoicingHooks extends ModuleHooks<InvoicingHookSet> {
 *   constructor() { super('InvoicingModule', { credits: 'CreditsModule' }); }
 * }
 * ```
 */
export abstract class ModuleHooks<H extends object> implements OnApplicationBootstrap {
  private readonly values = new Map<keyof H, H[keyof H]>();

  protected constructor(
    /** The declaring module, as messages name it (e.g. `'InvoicingModule'`). */
    readonly moduleName: string,
    private readonly declarations: { readonly [K in keyof H]-?: string | HookDeclaration },
  ) {}

  /** Fills hook `name` (an upper module, in its `onModuleInit`). */
  fill<K extends keyof H>(name: K, value: H[K]): void {
    const current = this.values.get(name);
    if (current !== undefined && current !== value) throw new Error(`${this.moduleName}: the ${this.label(name)} hook is filled twice`);
    this.values.set(name, value);
  }

  /** The value of hook `name`. Every hook is filled once the application has started. */
  get<K extends keyof H>(name: K): H[K] {
    if (!this.values.has(name)) {
      throw new Error(`${this.moduleName}: the ${this.label(name)} hook is not filled (${this.declaration(name).filledBy} fills it)`);
    }
    return this.values.get(name) as H[K];
  }

  /** The declared hooks not filled yet, as messages name them: `label (FillingModule)`. */
  missing(): string[] {
    return (Object.keys(this.declarations) as (keyof H)[])
      .filter((name) => !this.values.has(name))
      .map((name) => `${this.label(name)} (${this.declaration(name).filledBy})`);
  }

  /** Fails the start when a module that fills a hook is missing from the application. */
  onApplicationBootstrap(): void {
    const missing = this.missing();
    if (missing.length) {
      throw new Error(`${this.moduleName}: hooks not provided: ${missing.join(', ')} — import those modules in the application`);
    }
  }

  private declaration(name: keyof H): HookDeclaration {
    const d = this.declarations[name];
    return typeof d === 'string' ? { filledBy: d } : d;
  }

  private label(name: keyof H): string {
    return this.declaration(name).label ?? String(name);
  }
}
