import assert from 'node:assert/strict';
import {test} from 'node:test';
import {installStorageFallback, storageWorks} from '../../src/clientModules/storageFallback';

function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

test('a throwing or missing storage is replaced by null, a working one is kept', () => {
  const working = fakeStorage();
  const win = {} as Window;
  Object.defineProperty(win, 'localStorage', {
    configurable: true,
    get() {
      throw new Error('SecurityError');
    },
  });
  Object.defineProperty(win, 'sessionStorage', {configurable: true, value: working});
  assert.equal(storageWorks(win, 'localStorage'), false);
  assert.equal(storageWorks(win, 'sessionStorage'), true);
  assert.deepEqual(installStorageFallback(win), ['localStorage']);
  assert.equal(win.localStorage, null);
  assert.doesNotThrow(() => win.localStorage);
  assert.equal(win.sessionStorage, working);
  assert.deepEqual(installStorageFallback({} as Window), ['localStorage', 'sessionStorage']);
});

test('a storage whose writes throw (quota 0 in private mode) is replaced too', () => {
  const full = {
    ...fakeStorage(),
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
  } as Storage;
  const win = {} as Window;
  Object.defineProperty(win, 'localStorage', {configurable: true, value: full});
  Object.defineProperty(win, 'sessionStorage', {configurable: true, value: fakeStorage()});
  assert.deepEqual(installStorageFallback(win), ['localStorage']);
});
