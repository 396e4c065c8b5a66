// `npm run service`: the reference service alone. `npm start` serves it with the demo pages,
// the built widget and the demo's token endpoint (demo/server/main.ts).
import {secretForLog} from './config.js';
import {listen, startService} from './start.js';

const service = startService();
listen(service.fetch, service, (url) => {
  console.log(`Reference service: ${url}/`);
  console.log(`Credentials: client id ${service.config.clientId}, ${secretForLog(service.config)}`);
});
