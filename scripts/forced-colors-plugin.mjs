// A test-runner command that turns Windows-style forced colours on or off for the test page.
// `emulateMedia` cannot: Puppeteer's media emulation accepts only the prefers-* features and
// color-gamut, so this speaks to Chromium's DevTools protocol directly (Chromium then draws the
// page with its forced-colours palette, as Windows high contrast does).
//
//   await executeServerCommand('emulate-forced-colors', {active: true});

export function forcedColorsPlugin() {
  // One DevTools session per page: emulation belongs to the session that set it.
  const clients = new WeakMap();
  return {
    name: 'emulate-forced-colors',
    async executeCommand({command, payload, session}) {
      if (command !== 'emulate-forced-colors') return undefined;
      const page = session.browser.getPage(session.id);
      if (!clients.has(page)) clients.set(page, await page.createCDPSession());
      const client = clients.get(page);
      await client.send('Emulation.setEmulatedMedia', {
        features: [{name: 'forced-colors', value: payload?.active ? 'active' : 'none'}],
      });
      return true;
    },
  };
}
