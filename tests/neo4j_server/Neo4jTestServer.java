import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.BoltConnectorInternalSettings;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;

/**
 * A throwaway Neo4j Community server for the test suite: the embedded DBMS with Bolt on 127.0.0.1:PORT.
 * Usage: java -cp ... Neo4jTestServer PORT HOME_DIR. Prints READY when Bolt listens; shuts down when
 * stdin closes (the parent test process exited) or on SIGTERM.
 */
public final class Neo4jTestServer {
    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(args[0]);
        Path home = Path.of(args[1]);
        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                .setConfig(HttpConnector.enabled, false)
                .setConfig(GraphDatabaseSettings.auth_enabled, false)
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(256))
                .setConfig(GraphDatabaseSettings.transaction_timeout, Duration.ofMinutes(5))
                .setConfig(GraphDatabaseSettings.udc_enabled, false)
                // a throwaway server: don't linger 2 x 5 s draining Bolt threads at shutdown
                .setConfig(BoltConnectorInternalSettings.thread_pool_shutdown_wait_time, Duration.ZERO)
                .setConfig(BoltConnectorInternalSettings.connection_shutdown_wait_time, Duration.ZERO)
                .build();
        Runtime.getRuntime().addShutdownHook(new Thread(dbms::shutdown));
        dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);  // wait until the default database is up
        System.out.println("READY " + port);
        System.out.flush();
        InputStream in = System.in;
        while (in.read() != -1) {
            // block until the parent closes our stdin
        }
        System.exit(0);
    }
}
