export {SessionController, type SessionConfig} from './session-controller.js';
