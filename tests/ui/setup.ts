import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import './dom-matchers';

// The ui files share one DOM per worker (the project does not isolate files: importing React and Chakra again for
// every file cost more than the tests). Whatever a test left in the page or in storage is removed before the next.
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
