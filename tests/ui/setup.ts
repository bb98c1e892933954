import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import './dom-matchers';

// A query that misses inside `waitFor` or `findBy…` is tried again every 50 ms, and testing-library's own error for
// each miss pretty-prints the whole document: that printing was a sixth of the ui tests' CPU. The error a failing
// test reports says what was sought and shows the page's text, which is what a reader of the failure looks for.
configure({
  getElementError(message, container) {
    const text = (container.textContent ?? '').replace(/\s+/g, ' ').trim();
    const error = new Error(`${message ?? ''}\n\nThe page's text: ${text.length > 1500 ? `${text.slice(0, 1500)}…` : text}`);
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// The ui files share one DOM per worker (the project does not isolate files: importing React and Chakra again for
// every file cost more than the tests). Whatever a test left in the page or in storage is removed before the next.
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
