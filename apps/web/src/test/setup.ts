import { configure } from '@testing-library/react';

// Lazy tabs are compiled by Vite on their first import in a test run, which takes well over
// Testing Library's default 1 s on a busy 2-core machine. findBy* waits up to this long instead;
// a missing element still fails the test.
configure({ asyncUtilTimeout: 5_000 });
