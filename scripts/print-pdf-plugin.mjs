// A test-runner command that prints the test page to PDF, as the browser's "Save as PDF" does,
// and answers how many pages it took: the printed sheet's test proves "one A4 page" on the
// real print layout rather than on a measured box alone. Margins are Chromium's defaults
// (0.4 in); the page count is read from the PDF's page objects.
//
//   await executeServerCommand('print-pdf-pages', {format: 'A4'}); // -> {pages: 1}

export function printPdfPlugin() {
  return {
    name: 'print-pdf-pages',
    async executeCommand({command, payload, session}) {
      if (command !== 'print-pdf-pages') return undefined;
      const page = session.browser.getPage(session.id);
      const pdf = Buffer.from(
        await page.pdf({
          format: payload?.format ?? 'A4',
          printBackground: true,
          margin: {top: '0.4in', right: '0.4in', bottom: '0.4in', left: '0.4in'},
        }),
      );
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
      return {pages, bytes: pdf.length};
    },
  };
}
