import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; a jsdom render of an antd form on a loaded
// 2-core CI machine can take longer than that without anything being wrong.
configure({ asyncUtilTimeout: 5_000 });
