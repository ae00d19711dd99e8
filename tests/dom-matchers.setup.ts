// DOM matchers (toBeVisible, toHaveTextContent, toBeDisabled...) for the client tests: a found element is asserted
// to be shown, not merely to exist, which a getBy/findBy query already proves. Imported here so tsc sees the types.
import '@testing-library/jest-dom/vitest';
