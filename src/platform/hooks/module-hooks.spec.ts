import { ModuleHooks } from './module-hooks';

interface Greeter {
  greet(name: string): string;
}
interface Counter {
  count(): number;
}

class LowerHooks extends ModuleHooks<{ greeter: Greeter; counter: Counter }> {
  constructor() {
    super('LowerModule', { greeter: 'UpperModule', counter: { filledBy: 'OtherModule', label: 'item counter' } });
  }
}

describe('ModuleHooks', () => {
  const greeter: Greeter = { greet: (name) => `hello ${name}` };
  const counter: Counter = { count: () => 3 };

  it('refuses the start while a hook is not filled, naming the module, each missing hook and its filler', () => {
    const hooks = new LowerHooks();
    expect(hooks.missing()).toEqual(['greeter (UpperModule)', 'item counter (OtherModule)']);
    expect(() => hooks.onApplicationBootstrap()).toThrow(
      'LowerModule: hooks not provided: greeter (UpperModule), item counter (OtherModule) — import those modules in the application',
    );
    hooks.fill('greeter', greeter);
    expect(() => hooks.onApplicationBootstrap()).toThrow('LowerModule: hooks not provided: item counter (OtherModule) —');
    hooks.fill('counter', counter);
    expect(() => hooks.onApplicationBootstrap()).not.toThrow();
  });

  it('gives each hook its value once filled, and names the filler when asked for one that is not', () => {
    const hooks = new LowerHooks();
    expect(() => hooks.get('greeter')).toThrow('LowerModule: the greeter hook is not filled (UpperModule fills it)');
    hooks.fill('greeter', greeter);
    expect(hooks.get('greeter').greet('Ada')).toBe('hello Ada');
  });

  it('accepts the same value twice but not two different values', () => {
    const hooks = new LowerHooks();
    hooks.fill('counter', counter);
    hooks.fill('counter', counter);
    expect(() => hooks.fill('counter', { count: () => 4 })).toThrow('LowerModule: the item counter hook is filled twice');
    expect(hooks.get('counter').count()).toBe(3);
  });
});
