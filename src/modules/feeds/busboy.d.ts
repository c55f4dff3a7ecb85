// Minimal typings of busboy 1.x (the package ships none): what body.ts uses.
declare module 'busboy' {
  import type { IncomingHttpHeaders } from 'node:http';
  import type { Readable, Writable } from 'node:stream';

  namespace busboy {
    interface Limits {
      fieldNameSize?: number;
      fieldSize?: number;
      fields?: number;
      fileSize?: number;
      files?: number;
      parts?: number;
      headerPairs?: number;
    }
    interface Config {
      headers: IncomingHttpHeaders;
      limits?: Limits;
    }
    interface FileInfo {
      filename: string;
      encoding: string;
      mimeType: string;
    }
    interface Busboy extends Writable {
      on(event: 'file', listener: (name: string, stream: Readable, info: FileInfo) => void): this;
      on(event: 'field', listener: (name: string, value: string) => void): this;
      on(event: 'close' | 'finish', listener: () => void): this;
      on(event: 'error', listener: (err: Error) => void): this;
      on(event: 'partsLimit' | 'filesLimit' | 'fieldsLimit', listener: () => void): this;
      on(event: string | symbol, listener: (...args: any[]) => void): this;
    }
  }
  function busboy(config: busboy.Config): busboy.Busboy;
  export default busboy;
}
