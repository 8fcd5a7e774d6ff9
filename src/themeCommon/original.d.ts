// The unmodified theme-common module that src/themeCommon/reactUtils.ts re-exports (alias set in src/plugins/no-icu.ts).
declare module 'theme-common-react-utils-original' {
  export function useEvent<T extends (...args: never[]) => unknown>(callback: T): T;
  export function usePrevious<T>(value: T): T | undefined;
  export class ReactContextError extends Error {
    constructor(providerName: string, additionalInfo?: string);
  }
  export function composeProviders(
    providers: React.ComponentType<{children: React.ReactNode}>[],
  ): React.ComponentType<{children: React.ReactNode}>;
}
