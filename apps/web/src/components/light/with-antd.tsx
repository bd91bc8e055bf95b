import { type ComponentType, lazy } from 'react';

/**
 * A component that is rarely needed (a dialog, a drawer, the tour), loaded with antd and antd's
 * providers only when it first renders: the frame and the dashboard carry no antd (issue 16).
 * Render it under a Suspense; each one brings its own AntdProviders, as nothing above it does.
 */
export function withAntd<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ AntdProviders }, Component] = await Promise.all([import('../../app/antd-providers'), load()]);
    // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy component, at module level
    function WithAntd(props: P) {
      return (
        <AntdProviders>
          <Component {...props} />
        </AntdProviders>
      );
    }
    return { default: WithAntd };
  });
}
