import { Center, Loader } from '@mantine/core';

/** Shown while the first screen's code downloads. */
export function AppLoading() {
  return (
    <Center mih="60vh" aria-busy="true" aria-label="Loading">
      <Loader />
    </Center>
  );
}
