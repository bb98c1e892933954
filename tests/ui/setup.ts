import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import './dom-matchers';

afterEach(() => cleanup());
