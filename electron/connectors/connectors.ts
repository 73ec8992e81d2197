// What the shells call to work with list platforms: the saved connections
// (connections.ts), a list read into a job, a draft like any dropped file
// (read-list.ts), and a finished job's verdicts written back
// (write-back/write-back.ts). The app and the command line both go through here.
import { connectionsApi } from './connections';
import { createContext, type ConnectorsOptions } from './context';
import { readListApi } from './read-list';
import { writeBackApi } from './write-back/write-back';

export { connectorOf, type ConnectorsOptions } from './context';
export type {
  ConnectionView,
  ReadProgress,
  WriteBackPlan,
  WriteBackReport,
} from '../common/views/platform-views';

export function openConnectors(o: ConnectorsOptions) {
  const ctx = createContext(o);
  return { ...connectionsApi(ctx), ...readListApi(ctx), ...writeBackApi(ctx) };
}

export type Connectors = ReturnType<typeof openConnectors>;
