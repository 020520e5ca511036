import { useSyncExternalStore } from 'react';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  STORAGE_KEYS,
  isLanguage,
  type Language,
} from '@nuqat/contracts';
import { isEmbeddedDocument } from './embedded';
import { readStorage, writeStorage } from './storage';

/**
 * The merchant's saved language. Inside the Salla dashboard it is the one Salla asked for, which
 * embedded-boot.js has put on <html> before the app loads (and nothing is saved).
 */
export function readStoredLanguage(): Language {
  if (isEmbeddedDocument()) {
    const asked = document.documentElement.lang;
    return isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
  }
  const stored = readStorage(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Mirrors public/boot.js: the document's lang and dir follow the language table. */
export function applyLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = LANGUAGES[language].dir;
}

export function saveLanguage(language: Language): void {
  if (!isEmbeddedDocument()) writeStorage(STORAGE_KEYS.language, language);
}

export function otherLanguage(language: Language): Language {
  return language === 'ar' ? 'en' : 'ar';
}

// Dark mode is a tiny external store: the class on <html> is the source of truth, so the value
// boot.js applied before first paint is what React starts with.
const darkModeListeners = new Set<() => void>();

export function readDarkMode(): boolean {
  return document.documentElement.classList.contains('dark');
}

export function setDarkMode(enabled: boolean): void {
  document.documentElement.classList.toggle('dark', enabled);
  // Inside Salla the theme is Salla's: it is followed, never saved.
  if (!isEmbeddedDocument()) writeStorage(STORAGE_KEYS.darkMode, String(enabled));
  for (const listener of darkModeListeners) listener();
}

/** Applies the stored preference; boot.js does this in the browser, tests call it directly. */
export function restoreDarkMode(): void {
  document.documentElement.classList.toggle('dark', readStorage(STORAGE_KEYS.darkMode) === 'true');
  for (const listener of darkModeListeners) listener();
}

function subscribeDarkMode(listener: () => void): () => void {
  darkModeListeners.add(listener);
  return () => {
    darkModeListeners.delete(listener);
  };
}

export function useDarkMode(): [boolean, (enabled: boolean) => void] {
  const enabled = useSyncExternalStore(subscribeDarkMode, readDarkMode, () => false);
  return [enabled, setDarkMode];
}
